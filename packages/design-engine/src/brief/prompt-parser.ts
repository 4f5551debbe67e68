import { COLOUR_WORDS, DRAWABLE_WORDS, FILLER_WORDS, STYLE_WORDS, type Colour, type Style } from './vocabulary.js';

/** What the engine understood from a seller's idea. */
export interface DesignBrief {
  idea: string;
  /** Quoted text, spelled exactly as typed; shown as the main line. */
  slogan?: string;
  /** A second quoted text, if any. */
  tagline?: string;
  /** A short title from the idea when nothing is quoted (or a secondary line when something is). */
  title: string;
  /** Content words in the order typed, candidates for illustrations. */
  subjects: string[];
  styles: Style[];
  colours: Colour[];
  /** The garment or backing colour the idea names ('on white background', 'for a black shirt'). */
  background?: 'white' | 'black';
  /** The idea asks for the sticker effect (white die-cut outline) on every variant. */
  sticker: boolean;
}

// Inside single quotes an apostrophe followed by a letter (Don't, Mom's) belongs to the text.
const SINGLE_QUOTED = "(?:[^'‘’]|['’](?=\\p{L}))+?";

/**
 * Text in "double", “curly” or 'single' quotes. A single quote only opens after a space or at the
 * start, so apostrophes inside words (Don't, Mom's) do not count.
 */
export function quotedTexts(idea: string): string[] {
  const texts: string[] = [];
  const pattern = new RegExp(`["“”]([^"“”]+)["“”]|(?:^|[\\s(:])['‘](${SINGLE_QUOTED})['’](?=[\\s.,!?;:)]|$)`, 'gu');
  for (const match of idea.matchAll(pattern)) {
    const text = (match[1] ?? match[2] ?? '').trim();
    if (text) texts.push(text);
  }
  return texts;
}

export function withoutQuotes(idea: string): string {
  return idea.replace(/["“”][^"“”]+["“”]/g, ' ').replace(new RegExp(`(^|[\\s(:])['‘]${SINGLE_QUOTED}['’](?=[\\s.,!?;:)]|$)`, 'gu'), '$1 ');
}

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/hand[\s-]lettered/g, 'hand-lettered')
    .replace(/pop[\s-]art/g, 'pop-art')
    .replace(/old[\s-]school/g, 'old-school')
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);
}

function titleCase(words: string[]): string {
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** A word's rough stem, so 'fish' and 'fishing', 'tree' and 'trees' count as one. */
function stem(word: string): string {
  return word.replace(/(ing|es|s)$/, '');
}

/** Up to 3 subject words for a title, leaving out what the slogan already says and repeats. */
function titleWords(subjects: string[], quoted: string): string[] {
  const taken = new Set(wordsOf(quoted).map(stem));
  const words: string[] = [];
  for (const word of subjects) {
    if (taken.has(stem(word))) continue;
    taken.add(stem(word));
    words.push(word);
    if (words.length === 3) break;
  }
  return words;
}

export function parsePrompt(idea: string): DesignBrief {
  const quoted = quotedTexts(idea);
  const words = wordsOf(withoutQuotes(idea));
  const styles = unique(words.map((word) => STYLE_WORDS[word]).filter((style): style is Style => !!style));
  const colours = unique(words.map((word) => COLOUR_WORDS[word]).filter((colour): colour is Colour => !!colour));
  const describesOnly = (word: string) => (!!STYLE_WORDS[word] || !!COLOUR_WORDS[word]) && !DRAWABLE_WORDS.has(word);
  const subjects = unique(words.filter((word) => !FILLER_WORDS.has(word) && !describesOnly(word) && !/^\d+$/.test(word)));
  const title = titleCase(titleWords(subjects, quoted.join(' '))).slice(0, 40) || 'Good Vibes';
  const unquoted = withoutQuotes(idea).toLowerCase();
  const background = /\b(white|light) (background|shirt|tee|t-shirt|garment)/.test(unquoted)
    ? 'white'
    : /\b(black|dark) (background|shirt|tee|t-shirt|garment)/.test(unquoted)
      ? 'black'
      : undefined;
  const sticker = /\b(stickers?|die-?cut)\b/.test(unquoted);
  return {
    idea,
    slogan: quoted[0]?.slice(0, 120),
    tagline: quoted[1]?.slice(0, 60),
    title,
    subjects,
    styles,
    colours,
    background,
    sticker,
  };
}
