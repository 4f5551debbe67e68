import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { pixelBombPng } from '@printloom/service-kit/testing';
import { buildVariantPrompts } from '../domain/prompt-builder.js';
import { LocalProvider } from './local-provider.js';
import { toPrintFile } from './print-finish.js';

describe('local provider', () => {
  const provider = new LocalProvider(0.1);
  const idea = "a cat astronaut, 'Space Meow' in retro letters";
  const input = (seed: string) => ({ idea, prompts: buildVariantPrompts(idea, { dark: false, transparent: true }), dark: false, transparent: true, seed });

  it('draws 4 transparent PNGs at print proportions, one per variant, that differ', async () => {
    const images = await provider.generate(input('job-1'));
    expect(images.map((image) => image.variant)).toEqual(['A', 'B', 'C', 'D']);
    const metas = await Promise.all(images.map((image) => sharp(image.png).metadata()));
    expect(metas.map((meta) => [meta.width, meta.height, meta.hasAlpha])).toEqual([
      [450, 540, true],
      [450, 540, true],
      [300, 300, true],
      [450, 540, true],
    ]);
    expect(new Set(images.map((image) => image.png.toString('base64'))).size).toBe(4);
    const { data } = await sharp(images[0].png).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // corner transparent
    expect(images.every((image) => image.printReady)).toBe(true);
  });

  it('is seeded: the same job gives the same images', async () => {
    const [first, again] = await Promise.all([provider.generate(input('seed-x')), provider.generate(input('seed-x'))]);
    expect(first[3].png.equals(again[3].png)).toBe(true);
  });

  it('describes an image as a usable prompt', async () => {
    const image = await sharp({ create: { width: 200, height: 300, channels: 4, background: { r: 220, g: 30, b: 40, alpha: 1 } } }).png().toBuffer();
    const description = await provider.describe(image);
    expect(description).toMatch(/tall vertical print-ready graphic design in red/);
  });

  it('refuses to decode an upload past the pixel limits (a pixel bomb) instead of allocating it', async () => {
    const tooLarge = { code: 'PAYLOAD_TOO_LARGE', message: 'Image is too large: at most 12000 pixels per side and 40 megapixels.' };
    await expect(provider.describe(pixelBombPng(7_000, 7_000))).rejects.toMatchObject(tooLarge); // 49 MP, within the side limit
    await expect(provider.describe(pixelBombPng(20_000, 100))).rejects.toMatchObject(tooLarge); // a side too long
  });
});

describe('print finish', () => {
  it('trims transparent margins and sets 300 DPI', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 20, height: 30, channels: 4, background: '#ff0000' } }, left: 40, top: 30 }])
      .png()
      .toBuffer();
    const meta = await sharp(await toPrintFile(png, { transparent: true, dark: false })).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([20, 30, 300]);
  });

  it('stores a print-ready file untouched, and flattens it onto the garment colour when not transparent', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 10, height: 10, channels: 4, background: '#ff0000' } }, left: 15, top: 15 }])
      .png()
      .toBuffer();
    expect((await toPrintFile(png, { transparent: true, dark: false, printReady: true })).equals(png)).toBe(true);
    const flattened = await toPrintFile(png, { transparent: false, dark: true, printReady: true });
    const meta = await sharp(flattened).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, meta.density]).toEqual([40, 40, false, 300]);
    const { data } = await sharp(flattened).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 0]);
  });
});
