import type { ListingField, ListingProblem } from './listing-problem.js';

/** Characters counted as the marketplace counts them (code points: an emoji is one). */
export const charCount = (text: string) => [...text].length;

export function maxLength(field: ListingField, text: string, limit: number, what: string): ListingProblem[] {
  const length = charCount(text);
  return length > limit
    ? [{ field, rule: 'max-length', limit, message: `${what} is ${length} characters; at most ${limit} are allowed.` }]
    : [];
}

/** Whole-word, case-insensitive occurrences of the phrases in text (the first of each found). */
export function phrasesIn(text: string, phrases: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return phrases.filter((phrase) => {
    const escaped = phrase.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'u').test(lower);
  });
}

/** Tags compared as a marketplace compares them: case and surrounding spaces do not make a tag new. */
export function duplicateTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const tag of tags) {
    const key = tag.trim().toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) duplicates.push(tag);
    seen.add(key);
  }
  return duplicates;
}

export function tagRules(
  tags: string[],
  options: { max: number; maxChars: number; exact: boolean; allowed: RegExp; allowedText: string },
): ListingProblem[] {
  const problems: ListingProblem[] = [];
  if (tags.length > options.max)
    problems.push({
      field: 'tags',
      rule: 'max-count',
      limit: options.max,
      message: `${tags.length} tags; at most ${options.max} are allowed.`,
    });
  else if (options.exact && tags.length < options.max)
    problems.push({
      field: 'tags',
      rule: 'count',
      limit: options.max,
      message: `${tags.length} tags; a generated listing uses all ${options.max}.`,
    });
  for (const tag of tags) {
    if (tag.trim() === '') problems.push({ field: 'tags', rule: 'empty', limit: 1, message: 'A tag is empty.' });
    else if (charCount(tag) > options.maxChars)
      problems.push({
        field: 'tags',
        rule: 'max-length',
        limit: options.maxChars,
        message: `The tag "${tag}" is ${charCount(tag)} characters; at most ${options.maxChars} are allowed.`,
      });
    else if (!options.allowed.test(tag))
      problems.push({
        field: 'tags',
        rule: 'characters',
        limit: 'characters',
        message: `The tag "${tag}" may use only ${options.allowedText}.`,
      });
  }
  for (const tag of duplicateTags(tags))
    problems.push({ field: 'tags', rule: 'unique', limit: 'unique', message: `The tag "${tag}" is there twice.` });
  return problems;
}
