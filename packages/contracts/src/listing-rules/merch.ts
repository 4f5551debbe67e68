// Merch by Amazon's text rules: a brand, lengths, no promotional claims, no other brands or Amazon's
// own marks, no charity claims, URLs or e-mail addresses. Source: ../shared research "Printify and the
// marketplaces" (M1–M3).
import {
  LISTING_RULES,
  MERCH_AMAZON_MARKS,
  MERCH_CAUTION_PHRASES,
  MERCH_CHARITY_PHRASES,
  MERCH_OTHER_BRANDS,
  MERCH_PROMOTIONAL_PHRASES,
} from './limits.js';
import type { ListingCopy, ListingField, ListingProblem, ValidateOptions } from './listing-problem.js';
import { maxLength, phrasesIn, tagRules } from './text-checks.js';

const RULES = LISTING_RULES.merch;
const TAG_CHARACTERS = /^[\p{L}\p{M}\p{N} '\-™©®]+$/u;
/** A web address: a scheme, "www.", or a name with a common top-level domain ("mycats.com"). */
const URL = /\b(?:https?:\/\/|www\.)\S+|\b[\p{L}\p{N}-]+\.(?:com|net|org|io|co|shop|store|info|biz|us|uk|de|me|ly|app)\b/iu;
const EMAIL = /[^\s@]+@[^\s@]+\.[\p{L}]{2,}/u;

/** What Merch refuses or warns of in the wording of one field. */
function wordingProblems(field: ListingField, text: string): ListingProblem[] {
  const problems: ListingProblem[] = [];
  const refuse = (rule: string, message: string) => problems.push({ field, rule, limit: rule, message });
  for (const phrase of phrasesIn(text, MERCH_PROMOTIONAL_PHRASES)) refuse('promotional', `Merch refuses promotional wording: "${phrase}".`);
  for (const phrase of phrasesIn(text, MERCH_CAUTION_PHRASES))
    problems.push({
      field,
      rule: 'promotional-caution',
      limit: 'promotional-caution',
      severity: 'warning',
      message: `Merch often refuses "${phrase}" as promotional wording: keep it only if the design is about it.`,
    });
  for (const brand of phrasesIn(text, MERCH_OTHER_BRANDS)) refuse('other-brand', `Merch refuses other brands' names: "${brand}".`);
  for (const mark of phrasesIn(text, MERCH_AMAZON_MARKS)) refuse('amazon-mark', `Merch refuses Amazon's own marks: "${mark}".`);
  for (const phrase of phrasesIn(text, MERCH_CHARITY_PHRASES))
    refuse('charity', `Merch refuses claims of charity or of where proceeds go: "${phrase}".`);
  if (EMAIL.test(text)) refuse('email', 'Merch refuses e-mail addresses in product text.');
  else if (URL.test(text)) refuse('url', 'Merch refuses web addresses in product text.');
  return problems;
}

export function validateMerchListing(copy: ListingCopy, options: ValidateOptions = {}): ListingProblem[] {
  const problems: ListingProblem[] = [];
  if (copy.title.trim() === '') problems.push({ field: 'title', rule: 'required', limit: 1, message: 'The title is empty.' });
  if (copy.brand.trim() === '')
    problems.push({
      field: 'brand',
      rule: 'required',
      limit: 1,
      message: 'Merch needs a brand name: set yours in Account → Seller Profile, or write one here.',
    });
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
  for (const [field, text] of fields) problems.push(...wordingProblems(field, text));
  return problems;
}
