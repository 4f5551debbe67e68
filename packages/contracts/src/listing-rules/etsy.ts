// Etsy's text rules (createDraftListing's title and tags character classes; Etsy's Creativity
// Standards for the description). Etsy shows "Designed by <shop>" itself, from the listing's "who
// made it": it is no rule of the description. Source: ../shared research "Printify and the marketplaces" (E1, E2).
import { LISTING_RULES } from './limits.js';
import type { ListingCopy, ListingProblem, ValidateOptions } from './listing-problem.js';
import { inNormalForm } from './normal-form.js';
import { maxLength, tagRules } from './text-checks.js';

const RULES = LISTING_RULES.etsy;
/**
 * Etsy's title classes, read after NFC: letters, decimal digits (`½` and `²` are other numbers),
 * punctuation, maths symbols, spaces and ™ © ®. No lone combining marks: a decomposed accent that NFC
 * cannot compose is refused by Etsy too.
 */
const TITLE_CHARACTERS = /^[\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]*$/u;
/** Etsy's tag classes: letters, decimal digits, spaces, `-`, `'` and ™ © ®, not starting with `-` or `'`. */
const TAG_CHARACTERS = /^(?!['-])[\p{L}\p{Nd}\p{Zs}'\-™©®]+$/u;
/** The description says AI helped make the design. */
export const AI_DISCLOSURE = /\bAI\b|artificial intelligence/i;

export function validateEtsyListing(written: ListingCopy, options: ValidateOptions = {}): ListingProblem[] {
  // Etsy compares composed text (NFC), and the listing is stored and sent in it: "Cafe\u0301" is "Café".
  const copy = inNormalForm(written);
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
      allowedText: "letters, digits, spaces, - and ' (and ™ © ®), and may not start with - or '",
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
  return problems;
}
