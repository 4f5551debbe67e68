import { describe, expect, it } from '@jest/globals';
import { LISTING_RULES, MERCH_CAUTION_PHRASES, MERCH_OTHER_BRANDS, MERCH_PROMOTIONAL_PHRASES } from './limits.js';
import { isError } from './listing-problem.js';
import type { ListingCopy } from './listing-problem.js';
import { validateMerchListing } from './merch.js';

const valid: ListingCopy = {
  title: 'Space Meow - Retro Cat Astronaut',
  tags: ['cat lover', 'outer space'],
  description: 'A retro cat astronaut design for cat lovers, printed on demand.',
  bullets: ['A retro cat astronaut design for cat lovers.', 'Original artwork prepared for print on demand.'],
  brand: 'Meow Studio',
};
const rulesOf = (copy: Partial<ListingCopy>, options = {}) =>
  validateMerchListing({ ...valid, ...copy }, options).map(
    (problem) => `${problem.field}:${problem.rule}:${problem.limit}${isError(problem) ? '' : ':warning'}`,
  );

describe('Merch by Amazon listing rules', () => {
  it('pass a listing that keeps every rule', () => {
    expect(validateMerchListing(valid, { generated: true })).toEqual([]);
  });

  it('allow a brand of 50 characters and refuse 51', () => {
    expect(LISTING_RULES.merch.brandMaxChars).toBe(50);
    expect(rulesOf({ brand: 'b'.repeat(50) })).toEqual([]);
    expect(rulesOf({ brand: 'b'.repeat(51) })).toEqual(['brand:max-length:50']);
  });

  it('allow a title of 60 characters and refuse 61', () => {
    expect(rulesOf({ title: 't'.repeat(60) })).toEqual([]);
    expect(rulesOf({ title: 't'.repeat(61) })).toEqual(['title:max-length:60']);
  });

  it('allow bullets of 256 characters and refuse 257', () => {
    expect(rulesOf({ bullets: ['x'.repeat(256), 'y'.repeat(256)] })).toEqual([]);
    expect(rulesOf({ bullets: ['x'.repeat(256), 'y'.repeat(257)] })).toEqual(['bullets:max-length:256']);
  });

  it('take two bullets: a generated listing fills both, an edit may leave one out, a third is refused', () => {
    expect(rulesOf({ bullets: ['one'] }, { generated: true })).toEqual(['bullets:count:2']);
    expect(rulesOf({ bullets: ['one'] })).toEqual([]);
    expect(rulesOf({ bullets: ['one', 'two', 'three'] })).toEqual(['bullets:max-count:2']);
  });

  it('allow a description of 2,000 characters and refuse 2,001', () => {
    expect(rulesOf({ description: 'd'.repeat(2000) })).toEqual([]);
    expect(rulesOf({ description: 'd'.repeat(2001) })).toEqual(['description:max-length:2000']);
  });

  it('want a brand: a listing without one says so', () => {
    expect(rulesOf({ brand: '' })).toEqual(['brand:required:1']);
    expect(rulesOf({ brand: '  ' })).toEqual(['brand:required:1']);
  });

  it.each(['best seller', 'free shipping', '#1'])('refuse the promotional words "%s" in any field', (phrase) => {
    expect(MERCH_PROMOTIONAL_PHRASES).toContain(phrase);
    expect(rulesOf({ title: `Cat ${phrase.toUpperCase()}` })).toEqual(['title:promotional:promotional']);
    expect(rulesOf({ description: `A cat, ${phrase}!` })).toEqual(['description:promotional:promotional']);
    expect(rulesOf({ bullets: ['fine', `A ${phrase} tee`] })).toEqual(['bullets:promotional:promotional']);
  });

  it.each(['gift for', '100% cotton', 'sale'])('warn of "%s" in any field, without refusing the listing', (phrase) => {
    expect(MERCH_CAUTION_PHRASES).toContain(phrase);
    expect(MERCH_PROMOTIONAL_PHRASES).not.toContain(phrase);
    expect(rulesOf({ title: `Cat ${phrase.toUpperCase()}` })).toEqual(['title:promotional-caution:promotional-caution:warning']);
    expect(rulesOf({ bullets: ['fine', `A ${phrase} tee`] })).toEqual(['bullets:promotional-caution:promotional-caution:warning']);
  });

  it.each(['Prime', 'Alexa', 'Kindle', 'Echo', 'Amazon'])("refuse Amazon's own mark %s in any field", (mark) => {
    expect(rulesOf({ title: `Retro ${mark} Cat` })).toEqual(['title:amazon-mark:amazon-mark']);
    expect(rulesOf({ brand: `${mark} Tees` })).toEqual(['brand:amazon-mark:amazon-mark']);
  });

  it.each(['All proceeds go to the shelter', 'Donate to cat rescue', 'A charity tee', 'Part of a fundraiser'])(
    'refuse a claim of charity or proceeds: %s',
    (bullet) => {
      expect(rulesOf({ bullets: ['fine', bullet] })).toEqual(['bullets:charity:charity']);
    },
  );

  it.each(['Visit https://meow.example', 'More at www.meowstudio.com', 'See meowstudio.com for more'])(
    'refuse a web address: %s',
    (text) => {
      expect(rulesOf({ description: text })).toEqual(['description:url:url']);
    },
  );

  it('refuse an e-mail address, named once as one', () => {
    expect(rulesOf({ description: 'Write to hello@meowstudio.com for custom designs.' })).toEqual(['description:email:email']);
  });

  it('match promotional words as whole words only', () => {
    expect(rulesOf({ description: 'A wholesale salesman of saleable gifts for the road.' })).toEqual([]);
  });

  it('refuse other brands in any field', () => {
    expect(MERCH_OTHER_BRANDS.length).toBeGreaterThan(5);
    expect(rulesOf({ title: 'Retro Disney Cat' })).toEqual(['title:other-brand:other-brand']);
    expect(rulesOf({ brand: 'Nike' })).toEqual(['brand:other-brand:other-brand']);
    expect(rulesOf({ bullets: ['Like a Harley-Davidson', 'fine'] })).toEqual(['bullets:other-brand:other-brand']);
  });

  it('keep tags within the key-word limits and unique', () => {
    expect(rulesOf({ tags: ['a'.repeat(21)] })).toEqual(['tags:max-length:20']);
    expect(rulesOf({ tags: ['cat', 'CAT'] })).toEqual(['tags:unique:unique']);
  });
});
