import { describe, expect, it } from '@jest/globals';
import { DISTINCT_LISTINGS, LISTING_TARGETS, VARIANT_LETTERS, validateListing, type ListingCopy } from '@printloom/contracts';
import { SELLER_PROMPTS } from '../../../../packages/design-engine/src/seller-prompts.js';
import { seedRiskAssessor } from '../../test/support/seed-risk-assessor.js';
import type { CopyRequest, CopyWriter } from './copy-writer.js';
import { LocalCopyWriter } from './local-writer.js';
import { copyMessages } from './openai-writer.js';
import { writeCheckedCopy } from './checked-copy.js';
import { holdsPhrase } from './flagged-phrases.js';

const risks = seedRiskAssessor();
const userId = '00000000-0000-4000-8000-000000000001';

/** The design engine's seller prompts, and the same kinds of prompt with a flagged slogan or subject. */
const FLAGGED_PROMPTS = [
  "'Just Do It' running shoes, bold",
  "'Just Do It' with a cute puppy, kawaii style",
  "'May the Force Be With You' cat astronaut, retro",
  'a mickey mouse holding a coffee mug',
  "'Gym Rat' bold workout design with nike shoes, distressed",
];
const PROMPTS = [...SELLER_PROMPTS, ...FLAGGED_PROMPTS];

const titleAndTags = (copy: ListingCopy) => [copy.title, ...copy.tags].join('\n');
async function flaggedIn(text: string): Promise<string[]> {
  return (await risks.assessRisks(text, userId))
    .filter((risk) => risk.level !== 'low')
    .map((risk) => risk.term)
    .filter((term) => text.split('\n').some((field) => holdsPhrase(field, term)));
}

describe('copy written around what the risk check flags', () => {
  it.each(PROMPTS)('the local writer keeps high and medium phrases out of the title and tags: %s', async (prompt) => {
    for (const target of LISTING_TARGETS)
      for (const variant of [null, ...VARIANT_LETTERS]) {
        const copy = await writeCheckedCopy(new LocalCopyWriter(), { target, prompt, profile: null, variant }, risks, userId);
        await expect(flaggedIn(titleAndTags(copy))).resolves.toEqual([]);
        // Without a seller profile a Merch listing has no brand, and says so: the writer never makes one up.
        const wanted = target === 'merch' ? ['brand:required'] : [];
        expect(validateListing(target, copy, { generated: true }).map((problem) => `${problem.field}:${problem.rule}`)).toEqual(wanted);
      }
  });

  it('writes "Just Do It" running shoes as running shoes, and quotes the printed text only in the description, with its risk', async () => {
    const copy = await writeCheckedCopy(
      new LocalCopyWriter(),
      { target: 'etsy', prompt: "'Just Do It' running shoes, bold", profile: null, variant: 'B' },
      risks,
      userId,
    );
    expect(copy.title).toBe('Vintage Badge Bold Running Shoes T-Shirt, Graphic Tee for Runners');
    expect(copy.tags.filter((tag) => /just|do it/i.test(tag))).toEqual([]);
    expect(copy.tags).toHaveLength(13);
    expect(copy.description).toContain('"Just Do It": a bold running shoes design for runners');
    expect(copy.description).toContain('Trademark risk: the printed text "Just Do It" matches Just Do It (high risk, denylist)');
  });

  it('keeps the subject when the flagged phrase is part of it', async () => {
    const copy = await writeCheckedCopy(
      new LocalCopyWriter(),
      { target: 'etsy', prompt: 'a mickey mouse holding a coffee mug', profile: null },
      risks,
      userId,
    );
    expect(copy.title).toBe('Holding a Coffee Mug T-Shirt, Graphic Tee for Coffee Lovers');
    expect(JSON.stringify(copy).toLowerCase()).not.toContain('mickey');
  });

  it('tells the text model the flagged phrases and the direction, and rewrites or trims copy that still holds one', async () => {
    const request: CopyRequest = { target: 'etsy', prompt: "'Just Do It' running shoes, bold", profile: null, variant: 'A' };
    const seen: CopyRequest[] = [];
    /** A writer that ignores what it is told: the check must not let its title and tags through. */
    const stubborn: CopyWriter = {
      name: 'stubborn',
      billable: false,
      write: async (given) => {
        seen.push(given);
        return {
          title: 'Just Do It Running Tee',
          tags: ['just do it', 'running', 'justdoit shirt', 'runner gift'],
          description: 'Just Do It.',
          bullets: [],
          brand: '',
        };
      },
    };
    const copy = await writeCheckedCopy(stubborn, request, risks, userId);
    expect(seen[0]!.avoid).toEqual([{ term: 'just do it', level: 'high', mark: 'Just Do It', source: 'denylist' }]);
    expect(seen).toHaveLength(3);
    await expect(flaggedIn(titleAndTags(copy))).resolves.toEqual([]);
    expect(copy.title).toBe('Running Tee');
    expect(copy.tags).toEqual(['running', 'justdoit shirt', 'runner gift']);

    const told = copyMessages({ ...request, avoid: seen[0]!.avoid }).at(-1)!.content;
    expect(told).toContain('never use these phrases in the title or the tags, in any spelling: "just do it"');
    expect(told).toContain('begin the title with "Bold Type"');
  });
});

describe('distinct listings for the designs of one job', () => {
  const shared = (a: readonly string[], b: readonly string[]) => a.filter((tag) => b.includes(tag)).length;

  it.each(PROMPTS)('gives the 4 designs of %s distinct titles led by their direction, sharing at most 8 tags', async (prompt) => {
    for (const target of LISTING_TARGETS) {
      const copies = await Promise.all(
        VARIANT_LETTERS.map((variant) =>
          writeCheckedCopy(new LocalCopyWriter(), { target, prompt, profile: null, variant }, risks, userId),
        ),
      );
      expect(new Set(copies.map((copy) => copy.title)).size).toBe(VARIANT_LETTERS.length);
      for (const [index, copy] of copies.entries()) {
        expect(copy.title).toMatch(/^(Bold Type|Vintage Badge|Sticker Style|Distressed Retro) /);
        for (const other of copies.slice(index + 1))
          expect(shared(copy.tags, other.tags)).toBeLessThanOrEqual(DISTINCT_LISTINGS.sharedTagsMax);
      }
    }
  });
});
