import type { ListingCopy, ListingField } from './listing-problem.js';

// Where a phrase the risk check flagged sits in a listing's copy, compared the way the matcher compares
// (services/listings/src/trademarks): the server names the fields that hold it, the copy writers write
// around it, and the SPA's "Remove from title and tags" takes it out, all with these functions.

/**
 * The one normal form every mark, denylist phrase and checked text goes through before comparison:
 * lower case, diacritics and punctuation out (an apostrophe joins: "world's" → "worlds", "McDonald's"
 * → "mcdonalds"), "&" spelled "and", digits kept ("4ever" stays a respelling the pseudo-mark covers),
 * words separated by one space.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function tokensOf(normalised: string): string[] {
  return normalised === '' ? [] : normalised.split(' ');
}

/** Each whitespace word of a text with the normalised tokens it makes ("Spider-Man" → spider, man). */
function wordTokens(text: string): { word: string; tokens: string[] }[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ word, tokens: tokensOf(normaliseText(word)) }));
}

/** The indexes of the words of `text` that hold the normalised `term` as a run of whole tokens. */
function wordsHolding(text: string, term: string): Set<number> {
  const wanted = tokensOf(normaliseText(term));
  const flat = wordTokens(text).flatMap((entry, index) => entry.tokens.map((token) => ({ token, index })));
  const hit = new Set<number>();
  if (wanted.length === 0) return hit;
  for (let start = 0; start + wanted.length <= flat.length; start += 1)
    if (wanted.every((token, offset) => flat[start + offset]!.token === token))
      for (let offset = 0; offset < wanted.length; offset += 1) hit.add(flat[start + offset]!.index);
  return hit;
}

/** Whether a text holds the phrase as whole words, however it is spelled in case and punctuation. */
export function holdsPhrase(text: string, term: string): boolean {
  return wordsHolding(text, term).size > 0;
}

/** The text with the words that hold the phrase left out ("nike swoosh" without "nike": "swoosh"). */
export function withoutPhrase(text: string, term: string): string {
  const drop = wordsHolding(text, term);
  if (drop.size === 0) return text;
  return wordTokens(text)
    .filter((_, index) => !drop.has(index))
    .map((entry) => entry.word)
    .join(' ');
}

/** The fields of a listing's copy that hold the phrase (a phrase that only spans two fields is in none). */
export function fieldsHolding(copy: ListingCopy, term: string): ListingField[] {
  const fields: ListingField[] = [];
  if (holdsPhrase(copy.title, term)) fields.push('title');
  if (copy.tags.some((tag) => holdsPhrase(tag, term))) fields.push('tags');
  if (holdsPhrase(copy.description, term)) fields.push('description');
  if (copy.bullets.some((bullet) => holdsPhrase(bullet, term))) fields.push('bullets');
  if (holdsPhrase(copy.brand, term)) fields.push('brand');
  return fields;
}

/** The title without the phrase's words and the tags without the ones that hold it ("Remove from title and tags"). */
export function withoutPhraseInTitleAndTags<T extends Pick<ListingCopy, 'title' | 'tags'>>(copy: T, term: string): T {
  return { ...copy, title: withoutPhrase(copy.title, term), tags: copy.tags.filter((tag) => !holdsPhrase(tag, term)) };
}
