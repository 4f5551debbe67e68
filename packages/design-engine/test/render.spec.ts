import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { planDesigns, renderDesigns, renderDesignsInto, type RenderedDesign } from '../src/index.js';

// Rendering at print size takes seconds on a busy 2-core machine.
jest.setTimeout(120_000);

const PROMPT = "a cat astronaut, 'Space Meow' in retro letters";

async function pixels(design: RenderedDesign) {
  const { data, info } = await sharp(design.png).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

/** Alpha of every pixel in the outer `band` pixels of the image. */
function borderAlphas(data: Buffer, width: number, height: number, band: number): number[] {
  const alphas: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < band || y < band || x >= width - band || y >= height - band) alphas.push(data[(y * width + x) * 4 + 3]!);
    }
  }
  return alphas;
}

describe('renderDesigns at print size', () => {
  it('makes 4 transparent sRGB PNGs at 300 DPI, 4500×5400 for apparel and square for the sticker', async () => {
    const designs = await renderDesigns({ prompt: PROMPT, dark: false, seed: 'job-print' });
    expect(designs.map((design) => design.variant)).toEqual(['A', 'B', 'C', 'D']);
    for (const design of designs) {
      const meta = await sharp(design.png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.channels).toBe(4);
      expect(meta.hasAlpha).toBe(true);
      expect(meta.space).toBe('srgb');
      expect(meta.density).toBe(300);
      if (design.variant === 'C') expect([meta.width, meta.height]).toEqual([3000, 3000]);
      else expect([meta.width, meta.height]).toEqual([4500, 5400]);
    }
  });
});

describe('renderDesigns (small scale)', () => {
  const scale = 0.12;

  it('keeps a transparent border around a centred design (nothing clipped at the edges)', async () => {
    for (const prompt of [PROMPT, "'Merry Christmas Ya Filthy Animal' christmas tree", 'WWWWWWWWWWWWWWWWWWWWWWWWWWWW', "'Hi'"]) {
      const designs = await renderDesigns({ prompt, dark: true, seed: 'job-border', scale });
      for (const design of designs) {
        const { data, info } = await pixels(design);
        expect(borderAlphas(data, info.width, info.height, 2).every((alpha) => alpha === 0)).toBe(true);
        // Something substantial is drawn (a lone 28-letter word on one line, outlined thinly so its
        // counters stay open, covers the least: about 3% since the stacked lines leave room at the sides).
        const opaque = borderAlphas(data, info.width, info.height, Math.floor(info.width / 2)).filter((alpha) => alpha > 0).length;
        expect(opaque).toBeGreaterThan(info.width * info.height * 0.025);
      }
    }
  });

  it('gives visibly different variants', async () => {
    const designs = await renderDesigns({ prompt: PROMPT, dark: false, seed: 'job-differ', scale });
    const apparel = designs.filter((design) => design.variant !== 'C');
    const fingerprints = await Promise.all(apparel.map((design) => sharp(design.png).resize(32, 38, { fit: 'fill' }).raw().toBuffer()));
    for (let left = 0; left < fingerprints.length; left++) {
      for (let right = left + 1; right < fingerprints.length; right++) {
        let difference = 0;
        for (let index = 0; index < fingerprints[left]!.length; index++)
          difference += Math.abs(fingerprints[left]![index]! - fingerprints[right]![index]!);
        expect(difference / fingerprints[left]!.length).toBeGreaterThan(10);
      }
    }
  });

  it('is seeded: the same job id gives the same images, another one new images', async () => {
    const first = await renderDesigns({ prompt: PROMPT, dark: false, seed: 'job-seed-1', scale });
    const again = await renderDesigns({ prompt: PROMPT, dark: false, seed: 'job-seed-1', scale });
    for (let index = 0; index < 4; index++) expect(again[index]!.png.equals(first[index]!.png)).toBe(true);
    const rerunSeeds = ['job-seed-2', 'job-seed-3', 'job-seed-4'];
    const reruns = await Promise.all(rerunSeeds.map((seed) => renderDesigns({ prompt: PROMPT, dark: false, seed, scale })));
    const changed = reruns.some((rerun) => rerun.some((design, index) => !design.png.equals(first[index]!.png)));
    expect(changed).toBe(true);
  });

  it('starts the dearest variants first (the worn print, then the full-size ones, the sticker last), so parallel lanes finish together', async () => {
    const delivered: string[] = [];
    await renderDesignsInto({ prompt: PROMPT, dark: false, seed: 'job-order', scale }, { parallel: 1 }, async (design) => {
      delivered.push(design.variant);
    });
    expect(delivered).toEqual(['D', 'A', 'B', 'C']);
    const some: string[] = [];
    await renderDesignsInto(
      { prompt: PROMPT, dark: false, seed: 'job-order', scale, variants: ['C', 'A'] },
      { parallel: 1 },
      async (design) => {
        some.push(design.variant);
      },
    );
    expect(some).toEqual(['A', 'C']);
  });

  it('spells the quoted slogan exactly, in every variant', () => {
    const slogan = "Don't Worry, Be Hoppy";
    for (const design of planDesigns({ prompt: `'${slogan}' frog`, dark: false, seed: 'job-spell', scale })) {
      const drawn = design.texts.join(' ');
      // The badge may set its ring in capitals; every other variant keeps the letters as typed.
      if (design.variant === 'B') expect(drawn.toLowerCase().startsWith(slogan.toLowerCase())).toBe(true);
      else expect(drawn).toBe(slogan);
    }
  });

  it('designs an idea without quotes (illustration led) and an idea without any picture (typographic)', async () => {
    for (const prompt of ['a majestic lion wearing a crown', "'Okayest Zyxwv Ever'"]) {
      const designs = await renderDesigns({ prompt, dark: false, seed: 'job-fallbacks', scale });
      expect(designs).toHaveLength(4);
      for (const design of designs) expect((await sharp(design.png).stats()).channels[3]!.max).toBe(255);
    }
  });

  it('adds the white die-cut outline to every variant when the idea asks for a sticker', async () => {
    const coverage = async (prompt: string) => {
      const designs = await renderDesigns({ prompt, dark: false, seed: 'job-sticker', scale });
      return Promise.all(designs.map(async (design) => (await sharp(design.png).extractChannel(3).stats()).channels[0]!.mean));
    };
    const plain = await coverage("'Hoppy' frog");
    const sticker = await coverage("'Hoppy' frog, sticker");
    for (const variant of [0, 1, 3]) expect(sticker[variant]!).toBeGreaterThan(plain[variant]! * 1.05);
  });
});
