import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { AlreadyTransparentError, BackgroundTooBusyError, FloodFillBackgroundRemover } from './background-remover.js';
import { LanczosUpscaler, UpscaleTooLargeError } from './upscaler.js';
import { deriveWebp } from '../../derivatives.js';

/** A red disc on a plain background: what our designs look like before removal. */
async function discOn(background: { r: number; g: number; b: number; alpha?: number }, size = 200) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="#d62828"/></svg>`;
  return sharp({ create: { width: size, height: size, channels: 4, background: { alpha: 1, ...background } } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

async function alphaAt(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * 4 + 3];
}

describe('flood-fill background removal', () => {
  const remover = new FloodFillBackgroundRemover();

  it('makes a plain background transparent and keeps the design opaque, with 300 DPI', async () => {
    const result = await remover.remove(await discOn({ r: 250, g: 250, b: 245 }));
    expect(await alphaAt(result, 2, 2)).toBe(0);
    expect(await alphaAt(result, 100, 100)).toBe(255);
    const edge = await alphaAt(result, 150, 100);
    expect(edge).toBeGreaterThan(0);
    expect((await sharp(result).metadata()).density).toBe(300);
  });

  it('finds the mask on a reduced copy of a large image and applies it at full size', async () => {
    const size = 1200;
    const source = await discOn({ r: 250, g: 250, b: 245 }, size);
    const reduced = await new FloodFillBackgroundRemover(100_000).remove(source); // mask at ~316 px
    expect(await sharp(reduced).metadata()).toMatchObject({ width: size, height: size, density: 300 });
    expect(await alphaAt(reduced, 10, 10)).toBe(0);
    expect(await alphaAt(reduced, size / 2, size / 2)).toBe(255);
    expect(await alphaAt(reduced, size / 2 + size / 4 - 20, size / 2)).toBe(255); // just inside the disc's edge
    expect(await alphaAt(reduced, size / 2 + size / 4 + 20, size / 2)).toBe(0); // just outside
    // The design's own pixels are the full-size ones, untouched.
    const { data } = await sharp(reduced).raw().toBuffer({ resolveWithObject: true });
    const centre = ((size / 2) * size + size / 2) * 4;
    expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([214, 40, 40]);
  });

  it('refuses a busy background with a clear message', async () => {
    const noise = Buffer.alloc(120 * 120 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 256;
    const busy = await sharp(noise, { raw: { width: 120, height: 120, channels: 3 } })
      .png()
      .toBuffer();
    await expect(remover.remove(busy)).rejects.toBeInstanceOf(BackgroundTooBusyError);
  });

  it('says so when the background is already transparent', async () => {
    await expect(remover.remove(await discOn({ r: 0, g: 0, b: 0, alpha: 0 }))).rejects.toBeInstanceOf(AlreadyTransparentError);
  });
});

describe('lanczos upscaling', () => {
  it('doubles or quadruples the size, keeping transparency and 300 DPI', async () => {
    const source = await discOn({ r: 0, g: 0, b: 0, alpha: 0 }, 100);
    const twice = await new LanczosUpscaler().upscale(source, 2);
    const meta = await sharp(twice).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, meta.density]).toEqual([200, 200, true, 300]);
    expect((await sharp(await new LanczosUpscaler().upscale(source, 4)).metadata()).width).toBe(400);
  });

  it('refuses results beyond the size limit', async () => {
    const big = await sharp({ create: { width: 4000, height: 10, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(new LanczosUpscaler().upscale(big, 4)).rejects.toBeInstanceOf(UpscaleTooLargeError);
  });
});

describe('derivatives', () => {
  it('fit inside the size as WebP and never enlarge', async () => {
    const source = await discOn({ r: 255, g: 255, b: 255 }, 2000);
    expect(await sharp(await deriveWebp(source, 384)).metadata()).toMatchObject({ format: 'webp', width: 384, height: 384 });
    expect((await sharp(await deriveWebp(await discOn({ r: 1, g: 1, b: 1 }, 100), 384)).metadata()).width).toBe(100);
  });
});
