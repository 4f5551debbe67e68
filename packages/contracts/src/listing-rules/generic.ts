// A listing for any other shop: Etsy-sized title and tags without Etsy's character rules.
import { LISTING_RULES } from './limits.js';
import type { ListingCopy, ListingProblem, ValidateOptions } from './listing-problem.js';
import { maxLength, tagRules } from './text-checks.js';

const RULES = LISTING_RULES.generic;
const TAG_CHARACTERS = /^[^\n\r,]+$/u;

export function validateGenericListing(copy: ListingCopy, options: ValidateOptions = {}): ListingProblem[] {
  const problems: ListingProblem[] = [];
  if (copy.title.trim() === '') problems.push({ field: 'title', rule: 'required', limit: 1, message: 'The title is empty.' });
  problems.push(...maxLength('title', copy.title, RULES.titleMaxChars, 'The title'));
  problems.push(...maxLength('brand', copy.brand, RULES.brandMaxChars, 'The brand'));
  problems.push(...maxLength('description', copy.description, RULES.descriptionMaxChars, 'The description'));
  if (copy.bullets.length > RULES.bulletsMax)
    problems.push({
      field: 'bullets',
      rule: 'max-count',
      limit: RULES.bulletsMax,
      message: `${copy.bullets.length} bullets; at most ${RULES.bulletsMax}.`,
    });
  copy.bullets.forEach((bullet, index) => problems.push(...maxLength('bullets', bullet, RULES.bulletMaxChars, `Bullet ${index + 1}`)));
  problems.push(
    ...tagRules(copy.tags, {
      max: RULES.tagsMax,
      maxChars: RULES.tagMaxChars,
      exact: options.generated === true,
      allowed: TAG_CHARACTERS,
      allowedText: 'one line without commas',
    }),
  );
  return problems;
}
