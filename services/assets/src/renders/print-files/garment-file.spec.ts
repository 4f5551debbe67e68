import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { VARIANT_LETTERS } from '@printloom/contracts';
import { garmentOf, renderVariant, SELLER_PROMPTS } from '@printloom/design-engine';
import { GARMENTS, otherGarment } from './garments.js';
import { inkContrast, REQUIRED_INK_SHARE } from './ink-contrast.js';
import { makeGarmentFile, rgbaOf } from './garment-file.js';

const shareOn = async (png: Buffer, garment: 'light' | 'dark') => inkContrast((await rgbaOf(png)).data, GARMENTS[garment]).share;

describe('a design’s light and dark print files', () => {
  it('reach 3:1 on at least 95% of their ink for 10 engine designs, both files each, at the original’s size and transparent', async () => {
    const before: number[] = [];
    for (const [index, prompt] of SELLER_PROMPTS.slice(0, 10).entries()) {
      const variant = VARIANT_LETTERS[index % 4]!;
      const dark = index % 3 === 1;
      const seed = `00000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`;
      const original = (await renderVariant({ prompt, dark, seed, scale: 0.08 }, variant)).png;
      const own = garmentOf({ prompt, dark }, variant);
      const size = await sharp(original).metadata();
      const brief = { prompt, seed, variant, dark };
      const files = {
        [own]: await makeGarmentFile(original, { method: 'own', garment: own }),
        [otherGarment(own)]: await makeGarmentFile(original, { method: 'redraw', brief, garment: otherGarment(own), width: size.width! }),
      };
      before.push(await shareOn(original, otherGarment(own)));
      for (const garment of ['light', 'dark'] as const) {
        const meta = await sharp(files[garment]!).metadata();
        expect([meta.width, meta.height, meta.hasAlpha]).toEqual([size.width, size.height, true]);
        expect(await shareOn(files[garment]!, garment)).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);
        const { data } = await rgbaOf(files[garment]!);
        expect(data[3]).toBe(0); // the corner stays transparent
      }
    }
    // The originals on the other garment are the known-bad case the files fix.
    expect(before.filter((share) => share < REQUIRED_INK_SHARE).length).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('recolours image-model-like art (dark ink on transparent, mid-grey art) that fails before', async () => {
    const art = (colour: string) =>
      sharp({ create: { width: 200, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="240"><circle cx="100" cy="90" r="60" fill="${colour}"/><rect x="30" y="170" width="140" height="40" fill="#2b1b3d"/></svg>`,
            ),
          },
        ])
        .png()
        .toBuffer();
    for (const [colour, garment] of [
      ['#1a1a2e', 'dark'],
      ['#777777', 'dark'],
      ['#a0a0a0', 'light'],
    ] as const) {
      const original = await art(colour);
      expect(await shareOn(original, garment)).toBeLessThan(REQUIRED_INK_SHARE);
      const file = await makeGarmentFile(original, { method: 'recolour', garment });
      expect(await shareOn(file, garment)).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);
    }
  });
});
