import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { renderVariant, SELLER_PROMPTS } from '@printloom/design-engine';
import type { DesignQuality } from '@printloom/contracts';
import { measureQuality } from '../src/renders/quality/measure-quality.js';
import { tesseract } from '../src/renders/quality/ocr.js';

/**
 * The verdicts of the test designs as the straightforward measurement gave them (recorded with the
 * code of commit 6a1a9de, before the verdict was made cheaper): three seller prompts, light and dark, all
 * four variants (a die-cut sticker and a distressed one among them) read as engine designs, and A and C
 * also as pictures whose layout is not known (the whole-design reading and the best-garment guess).
 * Drawn at half print size to keep the test short; real tesseract.
 */
const recorded = JSON.parse(readFileSync(new URL('./test-design-verdicts.json', import.meta.url), 'utf8')) as Record<string, DesignQuality>;
const seed = '7b0f9a8e-1111-4111-8111-111111111111';
const PROMPTS = [3, 7, 10];

describe('the verdicts of the test designs', () => {
  it('are what the straightforward measurement gave, check by check, detail by detail', async () => {
    const verdicts: Record<string, DesignQuality> = {};
    for (const index of PROMPTS) {
      const prompt = SELLER_PROMPTS[index]!;
      const dark = index % 2 === 1;
      for (const variant of ['A', 'B', 'C', 'D'] as const) {
        const { png } = await renderVariant({ prompt, dark, seed, scale: 0.5 }, variant);
        const plan = { prompt, brief: { prompt, seed, variant, dark }, garment: null, transparent: true, backgroundKept: false };
        verdicts[`${index}${variant} engine`] = await measureQuality(png, plan, tesseract);
        if (variant === 'A' || variant === 'C')
          verdicts[`${index}${variant} picture`] = await measureQuality(
            png,
            { ...plan, brief: null, transparent: variant === 'A' },
            tesseract,
          );
      }
    }
    expect(Object.keys(recorded)).toHaveLength(18);
    expect(verdicts).toEqual(recorded);
  }, 240_000);
});
