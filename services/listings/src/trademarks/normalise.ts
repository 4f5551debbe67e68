import { doubleMetaphone } from 'double-metaphone';

// The normal form lives with the listing rules: the SPA and the copy writers compare phrases by it too.
export { normaliseText, tokensOf } from '@printloom/contracts';

export function letterCount(token: string): number {
  return token.replace(/[^a-z]/g, '').length;
}

/**
 * A word's phonetic key: double-metaphone's primary code at full length (PostgreSQL's dmetaphone()
 * keeps 4 characters of the whole string, too few). A word with digits keeps its spelling: metaphone
 * drops digits, so "4ever" and "ever" would collide.
 */
export function phoneticKey(token: string): string {
  if (/\d/.test(token)) return token;
  const known = PHONETIC_CACHE.get(token);
  if (known !== undefined) return known;
  const [primary] = doubleMetaphone(token);
  const key = primary === '' ? token : primary;
  if (PHONETIC_CACHE.size >= PHONETIC_CACHE_SIZE) PHONETIC_CACHE.clear();
  PHONETIC_CACHE.set(token, key);
  return key;
}

/** Keys of recent words: a check compares each denylist phrase's key with every run of the text. */
const PHONETIC_CACHE = new Map<string, string>();
const PHONETIC_CACHE_SIZE = 20_000;

/** A run of words' phonetic key: each word's key, space-separated (so word boundaries still count). */
export function phoneticKeyOf(tokens: readonly string[]): string {
  return tokens.map(phoneticKey).join(' ');
}

/**
 * Whether a run of words is long enough for a phonetic match to mean something: short words collide
 * (nike, neck, nick and knack all give NK), so a single word needs 5+ letters and a run of words 2+
 * words with 8+ letters in all ("dog mom" and "dig mum" share TK MM).
 */
export function phoneticEligible(tokens: readonly string[]): boolean {
  const letters = tokens.reduce((sum, token) => sum + letterCount(token), 0);
  if (tokens.length === 1) return letters >= 5;
  return letters >= 8;
}
