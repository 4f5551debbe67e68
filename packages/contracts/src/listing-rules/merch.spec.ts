import { describe, expect, it } from '@jest/globals';
import { LISTING_RULES, MERCH_OTHER_BRANDS, MERCH_PROMOTIONAL_PHRASES } from './limits.js';
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
  validateMerchListing({ ...valid, ...copy }, options).map((problem) => `${problem.field}:${problem.rule}:${problem.limit}`);

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

  it.each(['best seller', 'free shipping', 'sale', 'gift for'])('refuse the promotional words "%s" in any field', (phrase) => {
    expect(MERCH_PROMOTIONAL_PHRASES).toContain(phrase);
    expect(rulesOf({ title: `Cat ${phrase.toUpperCase()}` })).toEqual(['title:promotional:promotional']);
    expect(rulesOf({ description: `A cat, ${phrase}!` })).toEqual(['description:promotional:promotional']);
    expect(rulesOf({ bullets: ['fine', `A ${phrase} tee`] })).toEqual(['bullets:promotional:promotional']);
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
