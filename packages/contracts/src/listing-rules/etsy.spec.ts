import { describe, expect, it } from '@jest/globals';
import { LISTING_RULES } from './limits.js';
import type { ListingCopy } from './listing-problem.js';
import { validateEtsyListing } from './etsy.js';

const TAGS = [
  'cat',
  'cat lover',
  'space',
  'retro',
  'astronaut',
  'kitten',
  'galaxy',
  'outer space',
  'graphic tee',
  'unisex tee',
  'cat mom',
  'meow',
  "cat's pajamas",
];
const valid: ListingCopy = {
  title: 'Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee',
  tags: TAGS,
  description: 'A retro cat astronaut.\n\nDesigned by Meow Studio with AI assistance.',
  bullets: [],
  brand: '',
};
const rulesOf = (copy: Partial<ListingCopy>, options = {}) =>
  validateEtsyListing({ ...valid, ...copy }, options).map((problem) => `${problem.field}:${problem.rule}:${problem.limit}`);

describe('Etsy listing rules', () => {
  it('pass a listing that keeps every rule, generated or edited', () => {
    expect(validateEtsyListing(valid, { generated: true })).toEqual([]);
  });

  it('allow a title of 140 characters and refuse 141', () => {
    expect(LISTING_RULES.etsy.titleMaxChars).toBe(140);
    expect(rulesOf({ title: 'a'.repeat(140) })).toEqual([]);
    expect(rulesOf({ title: 'a'.repeat(141) })).toEqual(['title:max-length:140']);
  });

  it('count a title in characters, not UTF-16 units', () => {
    expect(rulesOf({ title: `${'a'.repeat(139)}®` })).toEqual([]);
  });

  it('allow letters, digits, punctuation, maths symbols, spaces and ™ © ® in a title', () => {
    expect(rulesOf({ title: 'Café Ñandú 2026 (Retro) - "Cats" = Love! <3 ™ © ® ±' })).toEqual([]);
  });

  it.each(['Cat 🐱 Shirt', 'Price $20', 'Hat ^ Shirt', 'Tab\there'])('refuse other characters in a title: %s', (title) => {
    expect(rulesOf({ title })).toEqual(['title:characters:characters']);
  });

  it.each(['%', ':', '&', '+'])('accept %s once in a title and refuse it twice', (character) => {
    expect(rulesOf({ title: `Cats ${character} Dogs` })).toEqual([]);
    expect(rulesOf({ title: `Cats ${character} Dogs ${character} Birds` })).toEqual(['title:once:1']);
  });

  it('refuse an empty title', () => {
    expect(rulesOf({ title: '' })).toEqual(['title:required:1']);
  });

  it('want all 13 tags on a generated listing, and accept fewer on an edit', () => {
    expect(rulesOf({ tags: TAGS.slice(0, 12) }, { generated: true })).toEqual(['tags:count:13']);
    expect(rulesOf({ tags: TAGS.slice(0, 12) })).toEqual([]);
    expect(rulesOf({ tags: [] })).toEqual([]);
  });

  it('refuse a 14th tag', () => {
    expect(rulesOf({ tags: [...TAGS, 'one more'] })).toEqual(['tags:max-count:13']);
  });

  it('allow a tag of 20 characters and refuse 21', () => {
    expect(rulesOf({ tags: [...TAGS.slice(0, 12), 'a'.repeat(20)] })).toEqual([]);
    expect(rulesOf({ tags: [...TAGS.slice(0, 12), 'a'.repeat(21)] })).toEqual(['tags:max-length:20']);
  });

  it("allow letters, digits, spaces, - and ' (and ™ © ®) in a tag", () => {
    expect(rulesOf({ tags: ["mom's t-shirt 2026", 'café™ ©®'] })).toEqual([]);
  });

  it.each(['cats, dogs', 'cats & dogs', 'cats!', 'cat/dog', 'cat.dog', 'cat:dog', '#cats'])(
    'refuse other characters in a tag: %s',
    (tag) => {
      expect(rulesOf({ tags: [tag] })).toEqual(['tags:characters:characters']);
    },
  );

  it('refuse a tag twice, whatever its case or spacing', () => {
    expect(rulesOf({ tags: ['cat lover', 'Cat  Lover'] })).toEqual(['tags:unique:unique']);
    expect(rulesOf({ tags: ['cat', 'cat'] })).toEqual(['tags:unique:unique']);
  });

  it('refuse an empty tag', () => {
    expect(rulesOf({ tags: ['cat', ' '] })).toEqual(['tags:empty:1']);
  });

  it('want the description to disclose AI assistance', () => {
    expect(rulesOf({ description: 'Designed by Meow Studio.' })).toEqual(['description:ai-disclosure:ai-disclosure']);
    expect(rulesOf({ description: 'Designed by Meow Studio with the help of artificial intelligence.' })).toEqual([]);
    // "ai" inside a word is no disclosure
    expect(rulesOf({ description: 'Designed by Meow Studio, with detail and paint.' })).toEqual([
      'description:ai-disclosure:ai-disclosure',
    ]);
  });

  it('ask no "Designed by" line of the description: Etsy shows who made it itself', () => {
    expect(rulesOf({ description: 'Made with AI assistance.' })).toEqual([]);
  });

  it('read the title and tags in NFC first: a decomposed accent is the letter it composes', () => {
    const decomposed = 'Cafe\u0301 Cat';
    expect(decomposed).not.toBe('Café Cat');
    expect(rulesOf({ title: decomposed, tags: ['cafe\u0301 cat'] })).toEqual([]);
  });

  it.each([
    ['a fraction', 'Cat ½ Shirt'],
    ['a superscript digit', 'Cat² Shirt'],
    ['a Roman numeral character', 'Cat Ⅷ Shirt'],
    ['a combining mark NFC cannot compose', 'Cat q\u0301 Shirt'],
  ])('refuse %s in a title (Etsy takes decimal digits and composed letters only)', (_, title) => {
    expect(rulesOf({ title })).toEqual(['title:characters:characters']);
  });

  it.each(['-cats', "'cats", 'cat ½', 'cat²', 'cafe q\u0301'])(
    "refuse the tag %j (Etsy’s tag classes, not starting with - or ')",
    (tag) => {
      expect(rulesOf({ tags: [tag] })).toEqual(['tags:characters:characters']);
    },
  );

  it('name the field, the limit and a message for each problem', () => {
    const [problem] = validateEtsyListing({ ...valid, title: 'x'.repeat(150) });
    expect(problem).toEqual({
      field: 'title',
      rule: 'max-length',
      limit: 140,
      message: 'The title is 150 characters; at most 140 are allowed.',
    });
  });
});
