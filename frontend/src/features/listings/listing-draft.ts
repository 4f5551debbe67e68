// The listing being edited in the panel: the marketplace's rules checked as the seller types (the
// validators the server runs), the server's 422 shown at its field, tags added the way Etsy takes them.
import {
  charCount,
  isError,
  LISTING_RULES,
  validateListing,
  type ListingCopy,
  type ListingField,
  type ListingTarget,
} from '@printloom/contracts/listing-rules';

export type ListingDraft = ListingCopy;

/** The first message per field of what breaks the target's rules now (errors first, then warnings). */
export function messagesByField(target: ListingTarget, draft: ListingDraft): Partial<Record<ListingField, string>> {
  const messages: Partial<Record<ListingField, string>> = {};
  const problems = validateListing(target, draft);
  for (const problem of [...problems.filter(isError), ...problems.filter((each) => !isError(each))])
    messages[problem.field] ??= problem.message;
  return messages;
}

/** The limits the panel's counters show for a target. */
export function limitsOf(target: ListingTarget) {
  const rules: Record<string, unknown> = LISTING_RULES[target];
  const number = (key: string) => (typeof rules[key] === 'number' ? (rules[key] as number) : undefined);
  return {
    title: number('titleMaxChars'),
    tags: number('tagsMax'),
    tag: number('tagMaxChars'),
    description: number('descriptionMaxChars'),
    bullets: number('bulletsMax') ?? 0,
    bullet: number('bulletMaxChars'),
    brand: number('brandMaxChars'),
  };
}

/** "12 of 140 characters", what the counter shows and screen readers hear. */
export function counterText(text: string, limit: number | undefined): string {
  const count = charCount(text);
  return limit === undefined ? `${count} characters` : `${count} of ${limit} characters`;
}

/**
 * Tags typed in one go ("cat mom, retro cat") become chips: split on commas, spaces tidied, and a tag
 * already there (case aside) not added twice. Length and character rules stay the validators' to name.
 */
export function addTags(tags: readonly string[], typed: string): string[] {
  const next = [...tags];
  const seen = new Set(tags.map((tag) => tag.trim().toLowerCase()));
  for (const raw of typed.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    next.push(tag);
  }
  return next;
}

/** The fields whose text differs from the saved listing: only those are sent (and judged) on save. */
export function changedFields(saved: ListingDraft, draft: ListingDraft): Partial<ListingDraft> {
  const changed: Partial<ListingDraft> = {};
  if (draft.title !== saved.title) changed.title = draft.title;
  if (draft.description !== saved.description) changed.description = draft.description;
  if (draft.brand !== saved.brand) changed.brand = draft.brand;
  if (JSON.stringify(draft.tags) !== JSON.stringify(saved.tags)) changed.tags = draft.tags;
  if (JSON.stringify(draft.bullets) !== JSON.stringify(saved.bullets)) changed.bullets = draft.bullets;
  return changed;
}
