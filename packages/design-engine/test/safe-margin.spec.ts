import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import {
  FONT_FACES,
  planDesigns,
  placedBoxes,
  renderPlanned,
  SAFE_MARGIN,
  SELLER_PROMPTS,
  SLOGAN_LENGTHS,
  type PlannedDesign,
} from '../src/index.js';
import { IDENTITY, inside } from '../src/directions/drawing.js';
import type { FontId } from '../src/typography/fonts.js';

jest.setTimeout(120_000);

const FONTS = Object.keys(FONT_FACES) as FontId[];
// Layouts are proportional to the canvas, so whether something crosses the margin does not depend on scale.
const SCALE = 0.06;

/** The 2% band every print keeps transparent. */
const marginBox = (design: PlannedDesign) => ({
  x1: design.canvas.width * SAFE_MARGIN,
  y1: design.canvas.height * SAFE_MARGIN,
  x2: design.canvas.width * (1 - SAFE_MARGIN),
  y2: design.canvas.height * (1 - SAFE_MARGIN),
});

function expectEveryElementInside(design: PlannedDesign, label: string) {
  expect(inside(design.safeArea, marginBox(design), 0.01)).toBe(true);
  for (const box of placedBoxes(design)) {
    if (!inside(box, design.safeArea, 0.01))
      throw new Error(`${label} ${design.variant}: element ${JSON.stringify(box)} outside ${JSON.stringify(design.safeArea)}`);
  }
}

/** Alpha of an image, one byte per pixel. */
async function alphaOf(input: Buffer) {
  const { data, info } = await sharp(input).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels that are wholly inside the 2% band (they must be transparent). */
function inkInMargin({ data, width, height }: { data: Buffer; width: number; height: number }): number {
  const bandX = Math.floor(width * SAFE_MARGIN);
  const bandY = Math.floor(height * SAFE_MARGIN);
  let count = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((x < bandX || y < bandY || x >= width - bandX || y >= height - bandY) && data[y * width + x]! > 0) count++;
  return count;
}

describe('nothing is ever cut off: geometry, before rasterising', () => {
  it('keeps every glyph and shape of every direction inside the safe area, over the contact-sheet prompts', () => {
    for (const prompt of SELLER_PROMPTS) {
      for (const dark of [false, true]) {
        for (const seed of ['m-1', 'm-2', 'm-3'])
          for (const design of planDesigns({ prompt, dark, seed, scale: 1 })) expectEveryElementInside(design, prompt);
      }
    }
  });

  it.each(FONTS)('keeps one-word, short and long slogans inside the safe area in %s', (font) => {
    for (const slogan of SLOGAN_LENGTHS) {
      for (const prompt of [`'${slogan}'`, `'${slogan}' cowboy horse and boots, western`, `'${slogan}' sticker with a cat and coffee`]) {
        for (const design of planDesigns({ prompt, dark: true, seed: `f-${font}`, scale: 1, font }))
          expectEveryElementInside(design, `${font} ${prompt}`);
      }
    }
  });

  it('lowers the arched top word of the tall western face into the drawing area instead of letting the canvas cut it', () => {
    for (let seed = 0; seed < 12; seed++) {
      const [, , , vintage] = planDesigns({
        prompt: "'Howdy Partner' cowboy boots and horse, western",
        dark: false,
        seed: `arch-${seed}`,
        font: 'rye',
      });
      // The direction itself places the arch inside its own margin: the safety-net fit has nothing to do.
      expect(vintage!.placement).toEqual(IDENTITY);
      const arch = vintage!.drawing.boxes[0]!;
      expect(arch.y1).toBeGreaterThanOrEqual(vintage!.canvas.height * 0.04);
    }
  });
});

describe('nothing is ever cut off: the files', () => {
  const cases: Array<{ prompt: string; font?: FontId }> = [
    ...SELLER_PROMPTS.map((prompt) => ({ prompt })),
    ...FONTS.flatMap((font) =>
      [SLOGAN_LENGTHS[0]!, SLOGAN_LENGTHS[7]!].map((slogan) => ({ prompt: `'${slogan}' cowboy boots, western`, font })),
    ),
  ];

  it('leaves the 2% band transparent on the drawn canvas (where clipping would happen) and on the print file, so no flat cut across the top can hide behind the trimming', async () => {
    for (const { prompt, font } of cases) {
      for (const design of planDesigns({ prompt, dark: false, seed: 'file-1', scale: SCALE, font })) {
        const label = `${font ?? ''} ${prompt} ${design.variant}`;
        // The canvas edge is where a drawing gets clipped: ink in the band there means a cut the trimming would hide.
        const drawn = await alphaOf(await sharp(Buffer.from(design.svg)).png().toBuffer());
        expect([label, inkInMargin(drawn)]).toEqual([label, 0]);
        const file = await alphaOf((await renderPlanned(design, 'file-1')).png);
        expect([label, inkInMargin(file)]).toEqual([label, 0]);
      }
    }
  });

  it('would catch a cut: the same art pushed past the top edge puts ink in the band', async () => {
    const [, , , vintage] = planDesigns({
      prompt: "'Howdy Partner' cowboy horse, western",
      dark: false,
      seed: 'cut',
      scale: SCALE,
      font: 'rye',
    });
    const top = Math.min(...placedBoxes(vintage!).map((box) => box.y1));
    const pushedUp = vintage!.svg
      .replace(/(<svg[^>]*>)/, `$1<g transform="translate(0 ${(-top - 3).toFixed(1)})">`)
      .replace(/<\/svg>$/, '</g></svg>');
    expect(inkInMargin(await alphaOf(await sharp(Buffer.from(pushedUp)).png().toBuffer()))).toBeGreaterThan(0);
  });
});
