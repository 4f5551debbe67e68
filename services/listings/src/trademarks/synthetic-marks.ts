import { ADJECTIVES, NOUNS, VERBS } from './common-words.js';
import { isDistinctive } from './index-entry.js';
import type { TrademarkIndexEntry } from './index-entry.js';
import { normaliseText, phoneticKey, tokensOf } from './normalise.js';

/**
 * A synthetic trademark register for measurements (the million-mark benchmark and the matcher's
 * precision test): plausible marks built from everyday word groups ("WILD FOX", "GOLDEN BEAR SUPPLY
 * CO", "THE SLEEPY OWL") and coined words ("VELTRANO", "BRIXA HOLLOW"), deterministic for a seed.
 * `exclude` holds normal forms never produced (ordinary phrases, which real registers mostly lack).
 */
export function* syntheticMarks(count: number, seed: number, exclude: ReadonlySet<string>): Generator<{ mark: string; classes: string[] }> {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const onsets = [
    'b',
    'br',
    'c',
    'cr',
    'd',
    'dr',
    'f',
    'fl',
    'g',
    'gr',
    'k',
    'l',
    'm',
    'n',
    'p',
    'pr',
    'qu',
    'r',
    's',
    'st',
    't',
    'tr',
    'v',
    'z',
    'zh',
    'x',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'y'];
  const codas = ['', 'n', 'r', 'x', 'l', 'nt', 'sk', 'v', 'm', 'th'];
  const coined = () => {
    const syllables = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += pick(onsets) + pick(vowels) + (i === syllables - 1 ? pick(codas) : '');
    return word;
  };
  const suffixes = ['co', 'apparel', 'supply', 'company', 'studio', 'goods', 'wear', 'designs', 'outfitters'];
  const patterns: [number, () => string][] = [
    [20, () => `${pick(ADJECTIVES)} ${pick(NOUNS)}`],
    [15, () => `${pick(NOUNS)} ${pick(NOUNS)}`],
    [10, () => `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(suffixes)}`],
    [8, () => `the ${pick(ADJECTIVES)} ${pick(NOUNS)}`],
    [7, () => `${pick(VERBS)} ${pick(['the', 'your', 'my', 'more'])} ${pick(NOUNS)}`],
    [5, () => `${pick(NOUNS)} and ${pick(NOUNS)}`],
    [15, coined],
    [10, () => (random() < 0.5 ? `${coined()} ${pick(NOUNS)}` : `${pick(ADJECTIVES)} ${coined()}`)],
    [5, () => `${coined()} ${coined()}`],
    [5, () => `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(NOUNS)}`],
  ];
  const total = patterns.reduce((sum, [weight]) => sum + weight, 0);
  const classSets = [['025'], ['025'], ['025'], ['016'], ['009'], ['021'], ['016', '025'], ['021', '025'], ['009', '016']];
  let made = 0;
  while (made < count) {
    let roll = random() * total;
    const [, make] = patterns.find(([weight]) => (roll -= weight) < 0) ?? patterns[0];
    const mark = make();
    if (exclude.has(normaliseText(mark))) continue;
    made += 1;
    yield { mark: mark.toUpperCase(), classes: pick(classSets) };
  }
}

/** An index row for a synthetic (or planted) mark, as the importer would write a live registration. */
export function syntheticEntry(serial: string, mark: string, classes: string[], pseudoMark: string | null = null): TrademarkIndexEntry {
  const norm = normaliseText(mark);
  const tokens = tokensOf(norm);
  const pseudoNorm = pseudoMark ? normaliseText(pseudoMark) : null;
  return {
    serial,
    mark,
    pseudoMark,
    norm,
    pseudoNorm: pseudoNorm && pseudoNorm !== norm ? pseudoNorm : null,
    tokenCount: tokens.length,
    distinctive: isDistinctive(tokens),
    classes,
    statusCode: '700',
    phoneticKeys: tokens.map(phoneticKey),
    filingDate: null,
    registrationDate: null,
  };
}

/** Every run of 2+ words of each phrase (a sub-phrase of an ordinary phrase is ordinary too), normalised. */
export function ordinaryExclusions(phrases: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const phrase of phrases) {
    const tokens = tokensOf(normaliseText(phrase));
    for (let start = 0; start < tokens.length; start += 1)
      for (let end = start + 1; end <= tokens.length; end += 1)
        if (end - start >= 2 || tokens.length === 1) out.add(tokens.slice(start, end).join(' '));
  }
  return out;
}
