// The rules of a collection's values, free of zod so the web app can count and price a values box
// live with exactly the rules the server applies.
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
