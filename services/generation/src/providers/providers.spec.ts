import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { pixelBombPng } from '@printloom/service-kit/testing';
import type { GeneratedImage } from './image-provider.js';
import { LocalProvider } from './local-provider.js';
import { toPrintFile } from './print-finish.js';

describe('local provider', () => {
  const provider = new LocalProvider(0.1);
  const idea = "a cat astronaut, 'Space Meow' in retro letters";
  const input = (seed: string) => ({ idea, variants: ['A', 'B', 'C', 'D'] as const, dark: false, transparent: true, seed });
  const generate = async (seed: string) => {
    const images: GeneratedImage[] = [];
    await provider.generate({ ...input(seed), variants: [...input(seed).variants] }, async (image) => void images.push(image));
    // Delivered as each is drawn (several at once): the order is the finishing order.
    return images.sort((a, b) => a.variant.localeCompare(b.variant));
  };

  it('hands each variant on with its thumbnail and preview, and only the variants asked for', async () => {
    const images: GeneratedImage[] = [];
    await provider.generate({ ...input('job-2'), variants: ['B', 'D'] }, async (image) => void images.push(image));
    expect(images.map((image) => image.variant).sort()).toEqual(['B', 'D']);
    for (const image of images) {
      const [print, thumbnail, preview] = await Promise.all([
        sharp(image.png).metadata(),
        sharp(image.derivatives!.thumbnail).metadata(),
        sharp(image.derivatives!.preview).metadata(),
      ]);
      expect([thumbnail.format, thumbnail.hasAlpha, preview.format]).toEqual(['webp', true, 'webp']);
      // Same proportions as the print file (450×540 at this scale: smaller than the preview, kept as it is).
      expect([preview.width, preview.height]).toEqual([print.width, print.height]);
      expect(Math.abs(thumbnail.width! / thumbnail.height! - print.width! / print.height!)).toBeLessThan(0.01);
    }
  });

  it('draws 4 transparent PNGs at print proportions, one per variant, that differ', async () => {
    const images = await generate('job-1');
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
    const [first, again] = await Promise.all([generate('seed-x'), generate('seed-x')]);
    expect(first[3].png.equals(again[3].png)).toBe(true);
  });

  it('describes an image as a usable prompt', async () => {
    const image = await sharp({ create: { width: 200, height: 300, channels: 4, background: { r: 220, g: 30, b: 40, alpha: 1 } } })
      .png()
      .toBuffer();
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
    const meta = await sharp((await toPrintFile(png, { transparent: true, dark: false })).png).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([20, 30, 300]);
  });

  it('stores a print-ready file untouched, and flattens it onto the garment colour when not transparent', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 10, height: 10, channels: 4, background: '#ff0000' } }, left: 15, top: 15 }])
      .png()
      .toBuffer();
    expect((await toPrintFile(png, { transparent: true, dark: false, printReady: true })).png.equals(png)).toBe(true);
    const { png: flattened } = await toPrintFile(png, { transparent: false, dark: true, printReady: true });
    const meta = await sharp(flattened).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, meta.density]).toEqual([40, 40, false, 300]);
    const { data } = await sharp(flattened).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 0]);
  });
});

describe('print fitting of an image-API picture', () => {
  const canvas = { width: 900, height: 1080 };
  /** A design of `inner` size centred on a transparent (or white) picture of `outer` size. */
  const picture = (outer: { width: number; height: number }, inner: { width: number; height: number }, opaque = false) =>
    sharp({ create: { ...outer, channels: 4, background: opaque ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: { create: { ...inner, channels: 4, background: '#c02030' } },
          left: Math.round((outer.width - inner.width) / 2),
          top: Math.round((outer.height - inner.height) / 2),
        },
      ])
      .png()
      .toBuffer();
  const alphaBounds = async (png: Buffer) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let [left, top, right, bottom] = [info.width, info.height, -1, -1];
    for (let y = 0; y < info.height; y += 1)
      for (let x = 0; x < info.width; x += 1)
        if (data[(y * info.width + x) * 4 + 3] > 128)
          [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    return { left, top, right: info.width - 1 - right, bottom: info.height - 1 - bottom };
  };

  it('fits a 4:5 picture into the canvas: trimmed, scaled up, centred inside the 2% safe margin, sRGB, 300 DPI', async () => {
    const file = await toPrintFile(await picture({ width: 256, height: 320 }, { width: 200, height: 200 }), {
      transparent: true,
      dark: false,
      canvas,
    });
    const meta = await sharp(file.png).metadata();
    expect([meta.width, meta.height, meta.density, meta.space, meta.hasAlpha]).toEqual([900, 1080, 300, 'srgb', true]);
    expect(meta.icc).toBeDefined(); // the sRGB profile travels with the file
    const margin = await alphaBounds(file.png);
    // 200×200 scaled to the safe width (900 − 2×18 = 864): equal side margins of 18 px, centred vertically.
    expect(margin.left).toBeGreaterThanOrEqual(17);
    expect(margin.left).toBeLessThanOrEqual(19);
    expect(Math.abs(margin.left - margin.right)).toBeLessThanOrEqual(1);
    expect(Math.abs(margin.top - margin.bottom)).toBeLessThanOrEqual(1);
    expect(file.opaqueBackground).toBe(false);
  });

  it('converts a picture drawn in another colour space (Display P3) to sRGB and tags it sRGB', async () => {
    const p3 = await sharp({ create: { width: 64, height: 80, channels: 4, background: { r: 40, g: 190, b: 90, alpha: 1 } } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const file = await toPrintFile(p3, { transparent: true, dark: false, canvas: { width: 64, height: 80 } });
    const meta = await sharp(file.png).metadata();
    const srgb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .withIccProfile('srgb')
      .png()
      .toBuffer();
    expect(meta.icc!.equals((await sharp(srgb).metadata()).icc!)).toBe(true);
    expect(meta.icc!.equals((await sharp(p3).metadata()).icc!)).toBe(false);
    const { data } = await sharp(file.png).raw().toBuffer({ resolveWithObject: true });
    const { data: expected } = await sharp(p3).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const centre = (32 + 40 * 64) * 4; // P3 green is more saturated than sRGB's: the values change
    expect(Array.from(data.subarray(centre, centre + 3))).toEqual(Array.from(expected.subarray(centre, centre + 3)));
    expect(Array.from(data.subarray(centre, centre + 3))).not.toEqual([40, 190, 90]);
  });

  it('fits a 2:3 picture by its height, never touching the safe margin', async () => {
    const file = await toPrintFile(await picture({ width: 240, height: 360 }, { width: 160, height: 300 }), {
      transparent: true,
      dark: false,
      canvas,
    });
    const margin = await alphaBounds(file.png);
    expect(margin.top).toBeGreaterThanOrEqual(21); // 2% of 1080
    expect(margin.top).toBeLessThanOrEqual(23);
    expect(Math.abs(margin.top - margin.bottom)).toBeLessThanOrEqual(1);
    expect(Math.abs(margin.left - margin.right)).toBeLessThanOrEqual(1);
    expect(margin.left).toBeGreaterThan(18);
  });

  it('flags an opaque picture when transparency was asked, keeping its background colour around it for the removal', async () => {
    const file = await toPrintFile(await picture({ width: 256, height: 320 }, { width: 120, height: 200 }, true), {
      transparent: true,
      dark: false,
      canvas,
    });
    expect(file.opaqueBackground).toBe(true);
    const { data } = await sharp(file.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2], data[3]]).toEqual([255, 255, 255, 255]);
    const meta = await sharp(file.png).metadata();
    expect([meta.width, meta.height]).toEqual([900, 1080]);
  });
});
