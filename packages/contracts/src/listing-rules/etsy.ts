// Etsy's text rules (createDraftListing; Etsy's Creativity Standards for the description).
import { LISTING_RULES } from './limits.js';
import type { ListingCopy, ListingProblem, ValidateOptions } from './listing-problem.js';
import { maxLength, tagRules } from './text-checks.js';

const RULES = LISTING_RULES.etsy;
/** Letters, digits, punctuation, maths symbols, spaces and ™ © ®. */
const TITLE_CHARACTERS = /^[\p{L}\p{M}\p{N}\p{P}\p{Sm} ™©®]*$/u;
/** Letters, digits, spaces, hyphens, apostrophes and ™ © ®. */
const TAG_CHARACTERS = /^[\p{L}\p{M}\p{N} '\-™©®]+$/u;
/** The description says AI helped make the design. */
export const AI_DISCLOSURE = /\bAI\b|artificial intelligence/i;
/** …and who designed it: print-on-demand items are "designed by a seller". */
const DESIGNER = /\bdesigned by\b/i;

export function validateEtsyListing(copy: ListingCopy, options: ValidateOptions = {}): ListingProblem[] {
  const problems: ListingProblem[] = [];
  if (copy.title.trim() === '') problems.push({ field: 'title', rule: 'required', limit: 1, message: 'The title is empty.' });
  problems.push(...maxLength('title', copy.title, RULES.titleMaxChars, 'The title'));
  if (!TITLE_CHARACTERS.test(copy.title))
    problems.push({
      field: 'title',
      rule: 'characters',
      limit: 'characters',
      message: 'The title may use only letters, digits, punctuation, maths symbols, spaces and ™ © ®.',
    });
  for (const character of RULES.titleOnceChars) {
    const times = [...copy.title].filter((each) => each === character).length;
    if (times > 1)
      problems.push({
        field: 'title',
        rule: 'once',
        limit: 1,
        message: `Etsy accepts "${character}" only once in a title; it is there ${times} times.`,
      });
  }
  problems.push(
    ...tagRules(copy.tags, {
      max: RULES.tagsMax,
      maxChars: RULES.tagMaxChars,
      exact: options.generated === true,
      allowed: TAG_CHARACTERS,
      allowedText: "letters, digits, spaces, - and ' (and ™ © ®)",
    }),
  );
  problems.push(...maxLength('description', copy.description, RULES.descriptionMaxChars, 'The description'));
  if (!AI_DISCLOSURE.test(copy.description))
    problems.push({
      field: 'description',
      rule: 'ai-disclosure',
      limit: 'ai-disclosure',
      message: 'Etsy asks the description to disclose that AI assisted the design (say it was made with AI assistance).',
    });
  const namesDesigner =
    DESIGNER.test(copy.description) && (!options.shopName || copy.description.toLowerCase().includes(options.shopName.toLowerCase()));
  if (!namesDesigner)
    problems.push({
      field: 'description',
      rule: 'designer',
      limit: 'designer',
      message: options.shopName
        ? `Etsy asks the description to name the seller as designer ("Designed by ${options.shopName}").`
        : 'Etsy asks the description to name the seller as designer ("Designed by …").',
    });
  return problems;
}
