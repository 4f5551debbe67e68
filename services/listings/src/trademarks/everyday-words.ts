import { COMMON_WORDS } from './common-words.js';
import { DICTIONARY_WORDS } from './everyday-words.generated.js';

const DICTIONARY: ReadonlySet<string> = new Set(DICTIONARY_WORDS.split(' '));

/**
 * Whether a normalised word is an everyday English word: on the common-word list or a form of a word in
 * the en_US dictionary (everyday-words.generated.ts). A text word spelled like that is the seller
 * writing English ("vinyl", "season", "lover"), not respelling a mark ("VINIL", "SEASEN", "LOVIOR"), so it
 * is only ever matched exactly. Words with digits are never everyday ("4ever").
 */
export function isEverydayWord(word: string): boolean {
  return COMMON_WORDS.has(word) || DICTIONARY.has(word);
}

/** Whether a run of words has one that is not everyday (3+ letters): only such runs get near matches. */
export function hasUnfamiliarWord(tokens: readonly string[]): boolean {
  return tokens.some((token) => token.length >= 3 && !isEverydayWord(token));
}
