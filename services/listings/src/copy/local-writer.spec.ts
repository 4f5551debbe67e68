import { describe, expect, it } from '@jest/globals';
import { LISTING_RULES, LISTING_TARGETS, validateListing } from '@printloom/contracts';
import { SELLER_PROMPTS } from '../../../../packages/design-engine/src/seller-prompts.js';
import { writeLocally } from './local-writer.js';
import { readBrief } from './copy-brief.js';

const profile = { shopName: 'Meow Studio', brand: 'Meowtees' };

/** Content words used more than twice in one title: keyword stuffing. */
function stuffed(title: string): string[] {
  const counts = new Map<string, number>();
  for (const word of title.toLowerCase().match(/[\p{L}']+/gu) ?? []) if (word.length > 3) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 2).map(([word]) => word);
}

describe('the local writer', () => {
  describe.each(LISTING_TARGETS)('for %s', (target) => {
    it.each(SELLER_PROMPTS)('writes valid copy for every seller prompt: %s, with and without a profile', (prompt) => {
      for (const given of [null, profile]) {
        const copy = writeLocally(target, prompt, given);
        // Merch wants a brand: without the seller's own, the listing says so (the writer never makes one up).
        const wanted = target === 'merch' && !given ? ['brand:required'] : [];
        expect(validateListing(target, copy, { generated: true }).map((problem) => `${problem.field}:${problem.rule}`)).toEqual(wanted);
        expect(stuffed(copy.title)).toEqual([]);
        expect(new Set(copy.tags.map((tag) => tag.toLowerCase())).size).toBe(copy.tags.length);
      }
    });
  });

  it('fills all 13 Etsy tags and names the slogan as typed', () => {
    const copy = writeLocally('etsy', "a cat astronaut, 'Space Meow' in retro letters", null);
    expect(copy.tags).toHaveLength(LISTING_RULES.etsy.tagsMax);
    expect(copy.title).toBe('Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee for Cat Lovers');
    expect(copy.tags.slice(0, 3)).toEqual(['space meow', 'cat astronaut', 'cat lover']);
    expect(copy.description).toContain('"Space Meow": a retro cat astronaut design for cat lovers');
  });

  it('discloses AI assistance and names the seller as designer in an Etsy description', () => {
    expect(writeLocally('etsy', "'Dog Mom' with a cute puppy", profile).description).toContain(
      'Designed by Meow Studio with AI assistance',
    );
    expect(writeLocally('etsy', "'Dog Mom' with a cute puppy", null).description).toContain('Designed by our shop with AI assistance');
  });

  it('names no brand or shop it was not given, and the seller’s own when it was', () => {
    for (const target of LISTING_TARGETS) {
      const bare = writeLocally(target, "'Taco Tuesday' tacos, comic style", null);
      expect(bare.brand).toBe('');
      expect(JSON.stringify(bare)).not.toMatch(/Meow/);
      expect(writeLocally(target, "'Taco Tuesday' tacos, comic style", profile).brand).toBe('Meowtees');
    }
  });

  it('keeps Merch titles and both bullets within their limits', () => {
    const copy = writeLocally('merch', "'Merry Christmas Ya Filthy Animal' christmas tree, hand-lettered", profile);
    expect([...copy.title].length).toBeLessThanOrEqual(60);
    expect(copy.bullets).toHaveLength(2);
    expect(copy.bullets[0]).toBe('"Merry Christmas Ya Filthy Animal": a hand-lettered Christmas tree design for the holidays.');
  });

  it('reads a prompt without quotes as its subject and style', () => {
    expect(readBrief('a majestic lion wearing a crown')).toMatchObject({
      slogan: undefined,
      subject: 'majestic lion wearing a crown',
      styles: [],
    });
    expect(readBrief("'Gym Rat' bold workout design, distressed")).toMatchObject({
      slogan: 'Gym Rat',
      subject: 'workout',
      styles: ['bold', 'distressed'],
    });
    expect(writeLocally('etsy', 'a majestic lion wearing a crown', null).title).toBe(
      'Majestic Lion Wearing a Crown T-Shirt, Graphic Tee for Animal Lovers',
    );
  });

  it('keeps a title within Etsy’s characters: a second % : & + is dropped', () => {
    const copy = writeLocally('etsy', "'Cats & Dogs & Birds: 100% Fun: Yes' with a cat", null);
    expect(validateListing('etsy', copy, { generated: true })).toEqual([]);
    expect(copy.title.startsWith('Cats & Dogs Birds: 100% Fun Yes')).toBe(true);
  });
});
