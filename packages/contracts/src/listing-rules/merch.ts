// Merch by Amazon's text rules: lengths, no promotional claims, no other brands.
import { LISTING_RULES, MERCH_OTHER_BRANDS, MERCH_PROMOTIONAL_PHRASES } from './limits.js';
import type { ListingCopy, ListingField, ListingProblem, ValidateOptions } from './listing-problem.js';
import { maxLength, phrasesIn, tagRules } from './text-checks.js';

const RULES = LISTING_RULES.merch;
const TAG_CHARACTERS = /^[\p{L}\p{M}\p{N} '\-™©®]+$/u;

export function validateMerchListing(copy: ListingCopy, options: ValidateOptions = {}): ListingProblem[] {
  const problems: ListingProblem[] = [];
  if (copy.title.trim() === '') problems.push({ field: 'title', rule: 'required', limit: 1, message: 'The title is empty.' });
  problems.push(...maxLength('brand', copy.brand, RULES.brandMaxChars, 'The brand'));
  problems.push(...maxLength('title', copy.title, RULES.titleMaxChars, 'The title'));
  if (copy.bullets.length > RULES.bulletsMax)
    problems.push({
      field: 'bullets',
      rule: 'max-count',
      limit: RULES.bulletsMax,
      message: `${copy.bullets.length} bullets; Merch takes ${RULES.bulletsMax}.`,
    });
  else if (options.generated && copy.bullets.length < RULES.bulletsMax)
    problems.push({
      field: 'bullets',
      rule: 'count',
      limit: RULES.bulletsMax,
      message: `${copy.bullets.length} bullets; a generated listing fills both.`,
    });
  copy.bullets.forEach((bullet, index) => problems.push(...maxLength('bullets', bullet, RULES.bulletMaxChars, `Bullet ${index + 1}`)));
  problems.push(...maxLength('description', copy.description, RULES.descriptionMaxChars, 'The description'));
  problems.push(
    ...tagRules(copy.tags, {
      max: RULES.tagsMax,
      maxChars: RULES.tagMaxChars,
      exact: false,
      allowed: TAG_CHARACTERS,
      allowedText: "letters, digits, spaces, - and '",
    }),
  );
  const fields: Array<[ListingField, string]> = [
    ['brand', copy.brand],
    ['title', copy.title],
    ['bullets', copy.bullets.join('\n')],
    ['description', copy.description],
    ['tags', copy.tags.join('\n')],
  ];
  for (const [field, text] of fields) {
    for (const phrase of phrasesIn(text, MERCH_PROMOTIONAL_PHRASES))
      problems.push({ field, rule: 'promotional', limit: 'promotional', message: `Merch refuses promotional wording: "${phrase}".` });
    for (const brand of phrasesIn(text, MERCH_OTHER_BRANDS))
      problems.push({ field, rule: 'other-brand', limit: 'other-brand', message: `Merch refuses other brands' names: "${brand}".` });
  }
  return problems;
}
