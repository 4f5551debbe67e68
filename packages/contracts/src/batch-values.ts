// The rules of a collection's values, free of zod so the web app can count and price a values box
// live with exactly the rules the server applies.
import { LIMITS } from './limits.js';
/** The slot a template names; every occurrence takes the row's value. */
export const BATCH_VALUE_SLOT = '{value}';

/** The values of a values box: trimmed, blanks dropped, duplicates (ignoring case) dropped, order kept. */
export function batchValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLocaleLowerCase('en-US');
    if (!value || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept;
}

/** One row's prompt: the template with every `{value}` replaced by the value. */
export function fillTemplate(template: string, value: string): string {
  return template.split(BATCH_VALUE_SLOT).join(value).trim();
}

/** Values a collection's default name lists before it says how many more there are. */
const NAMED_VALUES = 3;
const ELLIPSIS = '…';

/**
 * A collection's default name: the words of its template with the slot shown as "…", followed by its
 * values summed up, e.g. `World's Okayest … (Nurse, Teacher, Plumber +2 more)`. When the template quotes
 * the text printed on the design and the slot is in it, that quote leads (it is what the seller reads
 * on the shirt); never the raw `{value}`.
 */
export function collectionName(template: string, values: readonly string[]): string {
  const quoted = /["“]([^"”]*\{value\}[^"”]*)["”]/.exec(template)?.[1];
  const words = (quoted ?? template).split(BATCH_VALUE_SLOT).join(ELLIPSIS).replace(/\s+/g, ' ').trim();
  const kept = batchValues(values);
  const listed = kept.slice(0, NAMED_VALUES).join(', ');
  const more = kept.length > NAMED_VALUES ? ` +${kept.length - NAMED_VALUES} more` : '';
  const summary = kept.length > 0 ? ` (${listed}${more})` : '';
  const room = LIMITS.collectionNameMaxChars - summary.length;
  const lead = words.length > room ? `${words.slice(0, Math.max(room - 1, 1)).trimEnd()}${ELLIPSIS}` : words;
  return `${lead}${summary}`.slice(0, LIMITS.collectionNameMaxChars);
}
