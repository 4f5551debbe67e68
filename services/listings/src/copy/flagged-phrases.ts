import type { ListingCopy, ListingField, Risk } from '@printloom/contracts';
import { normaliseText, tokensOf } from '../trademarks/normalise.js';

/** A phrase the risk check rated high or medium: the copy writers keep it out of titles and tags. */
export interface FlaggedPhrase {
  /** The words of the text that matched, normalised (the risk check's `term`). */
  term: string;
  level: 'high' | 'medium';
  /** The mark or denylist phrase it matched, named where the description quotes the design's own text. */
  mark: string;
  source: Risk['source'];
}

/** The risks a listing's title and tags must not hold: high and medium ones (low: a mark of another class). */
export function phrasesToAvoid(risks: readonly Risk[]): FlaggedPhrase[] {
  const out: FlaggedPhrase[] = [];
  for (const risk of risks)
    if ((risk.level === 'high' || risk.level === 'medium') && !out.some((known) => known.term === risk.term))
      out.push({ term: risk.term, level: risk.level, mark: risk.mark, source: risk.source });
  return out;
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
  const wanted = tokensOf(term);
  const flat = wordTokens(text).flatMap((entry, index) => entry.tokens.map((token) => ({ token, index })));
  const hit = new Set<number>();
  if (wanted.length === 0) return hit;
  for (let start = 0; start + wanted.length <= flat.length; start += 1)
    if (wanted.every((token, offset) => flat[start + offset]!.token === token))
      for (let offset = 0; offset < wanted.length; offset += 1) hit.add(flat[start + offset]!.index);
  return hit;
}

/** Whether a text holds the phrase, compared as the risk check compares (normalised, whole words). */
export function holdsPhrase(text: string, term: string): boolean {
  return wordsHolding(text, term).size > 0;
}

export const holdsAny = (text: string, phrases: readonly FlaggedPhrase[]) => phrases.some((phrase) => holdsPhrase(text, phrase.term));

/** The text with the words that hold the phrase left out ("nike swoosh" without "nike": "swoosh"). */
export function withoutPhrase(text: string, term: string): string {
  const drop = wordsHolding(text, term);
  if (drop.size === 0) return text;
  return wordTokens(text)
    .filter((_, index) => !drop.has(index))
    .map((entry) => entry.word)
    .join(' ');
}

export const withoutAny = (text: string, phrases: readonly FlaggedPhrase[]) =>
  phrases.reduce((kept, phrase) => withoutPhrase(kept, phrase.term), text);

/** The fields of a listing's copy that hold the phrase (a term that only spans two fields is in none). */
export function fieldsHolding(copy: ListingCopy, term: string): ListingField[] {
  const fields: ListingField[] = [];
  if (holdsPhrase(copy.title, term)) fields.push('title');
  if (copy.tags.some((tag) => holdsPhrase(tag, term))) fields.push('tags');
  if (holdsPhrase(copy.description, term)) fields.push('description');
  if (copy.bullets.some((bullet) => holdsPhrase(bullet, term))) fields.push('bullets');
  if (holdsPhrase(copy.brand, term)) fields.push('brand');
  return fields;
}
