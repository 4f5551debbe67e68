import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DERIVATIVES } from '@printloom/contracts';
import type { ScaledPrint } from '@printloom/design-engine';
import { deriveFromPixels, prepareVariantFiles } from './variant-files.js';

/** A 3000×4000 print: a red disc on transparency, shrunk the way the engine's `scaledPrint` does it. */
const print = await sharp({ create: { width: 3000, height: 4000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="4000"><circle cx="1500" cy="2000" r="1200" fill="#d22"/></svg>',
      ),
    },
  ])
  .raw()
  .toBuffer();
const scaled: ScaledPrint = (maxSide) =>
  sharp(print, { raw: { width: 3000, height: 4000, channels: 4 } }).resize(maxSide, maxSide, { fit: 'inside', kernel: 'lanczos3' });

describe("the worker's library files", () => {
  it('makes the preview and the thumbnail from the print, each inside its size, as WebP with transparency', async () => {
    const { thumbnail, preview } = await deriveFromPixels(scaled);
    const [thumb, big] = await Promise.all([sharp(thumbnail).metadata(), sharp(preview).metadata()]);
    expect([big.format, big.width, big.height, big.hasAlpha]).toEqual(['webp', 768, DERIVATIVES.preview.maxSide, true]);
    expect([thumb.format, thumb.width, thumb.height, thumb.hasAlpha]).toEqual(['webp', 288, DERIVATIVES.thumbnail.maxSide, true]);
    // The thumbnail shows the same picture: red in the middle, clear in the corner.
    const pixels = await sharp(thumbnail).raw().toBuffer();
    const at = (x: number, y: number) => Array.from(pixels.subarray((y * 288 + x) * 4, (y * 288 + x) * 4 + 4));
    expect(at(144, 192)[0]).toBeGreaterThan(200);
    expect(at(144, 192)[3]).toBe(255);
    expect(at(2, 2)[3]).toBe(0);
  });

  it("makes them for an image model's picture too, from the pixels fitted into the canvas, but never for a flattened or opaque print", async () => {
    const picture = (background: string) =>
      sharp({ create: { width: 300, height: 400, channels: 4, background } })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><circle cx="150" cy="200" r="100" fill="#2a6"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
    const canvas = { width: 1500, height: 1800 };
    const drawn = { variant: 'A' as const, png: await picture('#0000'), printReady: false };
    const transparent = await prepareVariantFiles(drawn, { transparent: true, dark: false, canvas });
    expect(transparent.files.map((file) => file.suffix)).toEqual(['.png', DERIVATIVES.thumbnail.suffix, DERIVATIVES.preview.suffix]);
    const preview = await sharp(transparent.files[2]!.body).metadata();
    expect([preview.format, preview.width, preview.height, preview.hasAlpha]).toEqual(['webp', 853, DERIVATIVES.preview.maxSide, true]);
    const flattened = await prepareVariantFiles(drawn, { transparent: false, dark: true, canvas });
    expect(flattened.files.map((file) => file.suffix)).toEqual(['.png']);
    const opaque = await prepareVariantFiles({ ...drawn, png: await picture('#fff') }, { transparent: true, dark: false, canvas });
    expect([opaque.opaqueBackground, opaque.files.length]).toEqual([true, 1]);
  });
});
