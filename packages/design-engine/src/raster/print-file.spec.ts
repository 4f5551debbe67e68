import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { RgbaImage } from './effects.js';
import { centreArtwork, opaqueBounds, scaledPrint, toPrintPng } from './print-file.js';
import { withSrgbProfile } from './srgb-profile.js';

/** A canvas with one opaque, patterned rectangle of artwork at (`left`, `top`). */
function canvasWithArtwork(width: number, height: number, art: { left: number; top: number; width: number; height: number }): RgbaImage {
  const data = Buffer.alloc(width * height * 4);
  for (let y = art.top; y < art.top + art.height; y++) {
    for (let x = art.left; x < art.left + art.width; x++) {
      const index = (y * width + x) * 4;
      data[index] = (x * 7) % 256;
      data[index + 1] = (y * 13) % 256;
      data[index + 2] = (x + y) % 256;
      data[index + 3] = 128 + ((x * y) % 128);
    }
  }
  return { data, width, height };
}

/** The artwork cut to its bounds and padded evenly back to the canvas: what centring must give. */
async function centredBySharp(image: RgbaImage): Promise<Buffer> {
  const bounds = opaqueBounds(image)!;
  const { width, height } = image;
  return sharp(Buffer.from(image.data), { raw: { width, height, channels: 4 } })
    .extract(bounds)
    .extend({
      left: Math.floor((width - bounds.width) / 2),
      right: Math.ceil((width - bounds.width) / 2),
      top: Math.floor((height - bounds.height) / 2),
      bottom: Math.ceil((height - bounds.height) / 2),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer();
}

describe('the print file', () => {
  it.each([
    ['down and right', { left: 3, top: 2, width: 40, height: 25 }],
    ['up and left', { left: 70, top: 60, width: 25, height: 33 }],
    ['sideways only', { left: 1, top: 38, width: 51, height: 24 }],
    ['up only', { left: 35, top: 70, width: 31, height: 29 }],
  ])('centres artwork that sits off centre (%s) in place, pixel for pixel as cutting and padding it does', async (_, art) => {
    const image = canvasWithArtwork(101, 100, art);
    const expected = await centredBySharp(image);
    const buffer = image.data;
    centreArtwork(image);
    expect(image.data).toBe(buffer);
    expect(image.data.equals(expected)).toBe(true);
  });

  it('leaves a centred artwork and an empty canvas as they are', () => {
    const centred = canvasWithArtwork(100, 100, { left: 30, top: 20, width: 40, height: 60 });
    const before = Buffer.from(centred.data);
    centreArtwork(centred);
    expect(centred.data.equals(before)).toBe(true);
    const empty = { data: Buffer.alloc(40 * 40 * 4), width: 40, height: 40 };
    centreArtwork(empty);
    expect(empty.data.every((byte) => byte === 0)).toBe(true);
  });

  it('is a PNG tagged 300 DPI with the sRGB profile, holding exactly the pixels drawn', async () => {
    const image = canvasWithArtwork(120, 90, { left: 10, top: 20, width: 60, height: 40 });
    centreArtwork(image);
    const png = await toPrintPng(image);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 120, height: 90, channels: 4, density: 300, space: 'srgb' });
    expect(meta.icc).toBeDefined();
    expect(meta.icc!.toString('latin1', 36, 40)).toBe('acsp'); // the ICC signature
    expect((await sharp(png).raw().toBuffer()).equals(image.data)).toBe(true);
  });

  it('attaches the sRGB profile once, whatever it is given', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#c33' } })
      .png()
      .toBuffer();
    expect((await sharp(plain).metadata()).icc).toBeUndefined();
    const tagged = await withSrgbProfile(plain);
    expect((await sharp(tagged).metadata()).icc).toBeDefined();
    expect(await withSrgbProfile(tagged)).toBe(tagged);
  });

  it('shrinks the centred print for the library without encoding it first', async () => {
    const image = canvasWithArtwork(400, 200, { left: 0, top: 0, width: 200, height: 100 });
    const bounds = opaqueBounds(image);
    centreArtwork(image, bounds);
    const { info } = await scaledPrint(image, bounds)(100).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 50]);
    const shrunk = opaqueBounds({ data: await scaledPrint(image, bounds)(100).raw().toBuffer(), width: 100, height: 50 })!;
    // Centred to the pixel (the lanczos edge may spill one row or column).
    expect(Math.abs(shrunk.left + shrunk.width / 2 - 50)).toBeLessThanOrEqual(1);
    expect(Math.abs(shrunk.top + shrunk.height / 2 - 25)).toBeLessThanOrEqual(1);
  });

  it('shrinks a large print in block averages then lanczos to the pixels lanczos alone gives, near enough to look the same', async () => {
    const image = canvasWithArtwork(2400, 1800, { left: 300, top: 200, width: 1800, height: 1400 });
    const bounds = opaqueBounds(image)!;
    centreArtwork(image, bounds);
    const ours = await scaledPrint(image, bounds)(300).raw().toBuffer({ resolveWithObject: true });
    const box = { left: Math.floor((2400 - 1800) / 2), top: Math.floor((1800 - 1400) / 2), width: 1800, height: 1400 };
    const boxWidth = Math.round(1800 / 8);
    const boxHeight = Math.round(1400 / 8);
    const lanczosOnly = await sharp(image.data, { raw: { width: 2400, height: 1800, channels: 4 } })
      .extract(box)
      .resize(boxWidth, boxHeight, { fit: 'fill', kernel: 'lanczos3' })
      .extend({
        left: Math.floor((300 - boxWidth) / 2),
        top: Math.floor((225 - boxHeight) / 2),
        right: 300 - boxWidth - Math.floor((300 - boxWidth) / 2),
        bottom: 225 - boxHeight - Math.floor((225 - boxHeight) / 2),
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .raw()
      .toBuffer();
    expect([ours.info.width, ours.info.height]).toEqual([300, 225]);
    // The pattern repeats every few pixels, so both shrink it to its average: within a few levels.
    let difference = 0;
    for (let index = 0; index < lanczosOnly.length; index++) difference += Math.abs(ours.data[index]! - lanczosOnly[index]!);
    expect(difference / lanczosOnly.length).toBeLessThan(3);
  });
});
