import { distance } from 'fastest-levenshtein';
import { RISK_CHECK } from '@printloom/contracts';
import { isCommonWord } from './common-words.js';
import { hasUnfamiliarWord, isEverydayWord } from './everyday-words.js';
import { letterCount, normaliseText, phoneticEligible, phoneticKeyOf, tokensOf } from './normalise.js';

/** Marks rarely run past six words; longer runs of the text are never compared whole. */
export const MAX_RUN_WORDS = 6;
/** Phrases (trigram similarity) are runs of 2 to 4 words compared with marks of as many words. */
export const MAX_PHRASE_WORDS = 4;
/**
 * A run of more letters than this gets no phonetic key: no mark is that long, a phonetic hit must also be
 * spelled alike, and double-metaphone of a 2,000-letter word costs ~2 ms of the service's one thread.
 */
export const MAX_PHONETIC_LETTERS = 64;
/** A 300-character text has ~50 words; a pasted essay is cut to its first this many. */
export const MAX_TEXT_WORDS = 200;
/** One typo is tried on short words only: a mark word of 3–4 letters (longer ones get phonetic keys). */
export const SHORT_WORD = { min: 3, max: 4 } as const;

export interface TextRun {
  term: string;
  tokens: string[];
}

/**
 * The words of a text the matcher reads, line by line in normal form: at most RISK_CHECK.maxChars
 * characters (counted after normalising, as NFKD can make one character several: 'ⅷ' → 'viii') and
 * MAX_TEXT_WORDS words in all. The caps apply to each text a check is given: a listing's fields are
 * checked one by one, so a long description leaves the brand its own share.
 */
function cappedLines(text: string): string[][] {
  const lines: string[][] = [];
  let chars = 0;
  let words = 0;
  for (const line of text.split(/\r?\n/)) {
    if (chars >= RISK_CHECK.maxChars || words >= MAX_TEXT_WORDS) break;
    const normalised = normaliseText(line);
    if (normalised === '') continue;
    const room = RISK_CHECK.maxChars - chars;
    const kept = normalised.length <= room ? normalised : normalised.slice(0, room).trimEnd();
    const tokens = tokensOf(kept).slice(0, MAX_TEXT_WORDS - words);
    if (tokens.length > 0) lines.push(tokens);
    chars += kept.length + 1;
    words += tokens.length;
  }
  return lines;
}

/**
 * Every run of 1..MAX_RUN_WORDS consecutive words of the text's capped part, each once. A run never
 * crosses a line break: a mark is not split over two tags or two bullets.
 */
export function runsOf(text: string): TextRun[] {
  const seen = new Set<string>();
  const runs: TextRun[] = [];
  for (const tokens of cappedLines(text)) {
    for (let start = 0; start < tokens.length; start += 1) {
      for (let length = 1; length <= MAX_RUN_WORDS && start + length <= tokens.length; length += 1) {
        const run = tokens.slice(start, start + length);
        const term = run.join(' ');
        if (seen.has(term)) continue;
        seen.add(term);
        runs.push({ term, tokens: run });
      }
    }
  }
  return runs;
}

/** Whether a run of the text is compared by phonetic key: long enough to mean something, short enough to be a mark. */
export function phoneticComparable(tokens: readonly string[]): boolean {
  return phoneticEligible(tokens) && tokens.reduce((sum, token) => sum + token.length, 0) <= MAX_PHONETIC_LETTERS;
}

/**
 * Runs whose phonetic key may be compared against the index (single words of 5+ letters, runs of 8+
 * letters, with a word that is not everyday English), with their key; a run of 2 words also with the
 * key of its words written as one (2-word runs).
 */
export function phoneticRuns(runs: readonly TextRun[]): { key: string; term: string }[] {
  const out: { key: string; term: string }[] = [];
  for (const run of runs) {
    if (run.tokens.length > MAX_PHRASE_WORDS || !phoneticComparable(run.tokens) || !hasUnfamiliarWord(run.tokens)) continue;
    out.push({ key: phoneticKeyOf(run.tokens), term: run.term });
    // The run written as one word, against one-word marks ("snorkle dash" ~ SNORKELDASH).
    if (run.tokens.length > 1 && run.tokens.length <= MAX_JOINED_WORDS)
      out.push({ key: phoneticKeyOf([run.tokens.join('')]), term: run.term });
  }
  return out;
}

/** Runs compared by trigram similarity against the index: 2–4 words, one of them not everyday English. */
export function phraseRuns(runs: readonly TextRun[]): { term: string; tokenCount: number }[] {
  return runs
    .filter((run) => run.tokens.length >= 2 && run.tokens.length <= MAX_PHRASE_WORDS && hasUnfamiliarWord(run.tokens))
    .map((run) => ({ term: run.term, tokenCount: run.tokens.length }));
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/** The distinct strings one typo (insert, delete, substitute, swap two neighbours) away from `word`. */
export function oneEditVariants(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    for (const letter of ALPHABET) out.add(word.slice(0, i) + letter + word.slice(i));
    if (i < word.length) {
      out.add(word.slice(0, i) + word.slice(i + 1));
      for (const letter of ALPHABET) out.add(word.slice(0, i) + letter + word.slice(i + 1));
    }
    if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  out.delete(word);
  return [...out];
}

/** Runs of 2 words written as one ("snorkel dash" for SNORKELDASH) are also compared with one-word marks. */
export const MAX_JOINED_WORDS = 2;

/**
 * The one-word forms of the text that may be one typo from (or equal to) a one-word mark: each word
 * that is not everyday English, letters only, 4+ long (a 3-letter word is one letter from too many
 * coined marks: "rat" ~ "rata"; "golf" is a word, not a typo of "goli"), with its one-typo variants;
 * and a run of 2 words written as one ("snorkel dash" → "snorkeldash"), as it is: its typos would double
 * the lookups, and its phonetic key (phoneticRuns) covers most of them.
 * A word makes ~53 variants a letter, so only words of at most RISK_CHECK.typoWordMaxLetters get them,
 * and a text at most RISK_CHECK.typoVariantsMax in all: the shortest words first (the longest dropped),
 * as marks are short and a long word's one typo rarely is one.
 */
export function typoCandidates(runs: readonly TextRun[]): { variant: string; term: string }[] {
  const out: { variant: string; term: string }[] = [];
  const words: TextRun[] = [];
  for (const run of runs) {
    if (run.tokens.length > MAX_JOINED_WORDS) continue;
    const word = run.tokens.join('');
    if (!/^[a-z]+$/.test(word) || word.length < SHORT_WORD.max || isEverydayWord(word)) continue;
    if (run.tokens.length > 1) out.push({ variant: word, term: run.term });
    else if (word.length <= RISK_CHECK.typoWordMaxLetters) words.push(run);
  }
  let budget: number = RISK_CHECK.typoVariantsMax;
  for (const run of [...words].sort((a, b) => a.term.length - b.term.length)) {
    const variants = oneEditVariants(run.term).filter((variant) => variant.length >= SHORT_WORD.min);
    if (variants.length > budget) break;
    budget -= variants.length;
    for (const variant of variants) out.push({ variant, term: run.term });
  }
  return out;
}

/** Whether `word` is one typo from a short mark word `mark` (same rules as typoCandidates, in memory). */
export function isOneTypoOfShortWord(word: string, mark: string): boolean {
  return (
    mark.length <= SHORT_WORD.max &&
    Math.abs(word.length - mark.length) <= 1 &&
    letterCount(mark) >= SHORT_WORD.min &&
    /^[a-z]+$/.test(word) &&
    word.length >= SHORT_WORD.max &&
    !isCommonWord(word) &&
    word !== mark &&
    distance(word, mark) === 1
  );
}

/** Trigram sets of recent strings: a check compares each denylist phrase with every run of the text. */
const TRIGRAM_CACHE = new Map<string, Set<string>>();
const TRIGRAM_CACHE_SIZE = 20_000;

function trigramsOf(normalised: string): Set<string> {
  const known = TRIGRAM_CACHE.get(normalised);
  if (known) return known;
  const out = new Set<string>();
  for (const word of tokensOf(normalised)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  }
  if (TRIGRAM_CACHE.size >= TRIGRAM_CACHE_SIZE) TRIGRAM_CACHE.clear();
  TRIGRAM_CACHE.set(normalised, out);
  return out;
}

/** pg_trgm's similarity() on two normalised strings (same padding: two spaces before a word, one after). */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigramsOf(a);
  const right = trigramsOf(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * Whether a phonetic match is also spelled alike: double-metaphone drops vowels, so "plant" and the
 * coined "bealunt" share PLNT. A phonetic hit counts only within an edit distance of a third of the
 * longer spelling (rounded up): "starbux" ~ "starbucks", "brickswell" ~ "brixwell", "topazeen" ~
 * "topazine" (everyday words never get here: the text side of a phonetic match has an unfamiliar word).
 */
export function spelledAlike(term: string, mark: string): boolean {
  const a = term.replace(/ /g, '');
  const b = mark.replace(/ /g, '');
  return distance(a, b) <= Math.ceil(Math.max(a.length, b.length) / 3);
}
