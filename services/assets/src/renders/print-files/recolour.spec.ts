import { describe, expect, it } from '@jest/globals';
import { GARMENTS } from './garments.js';
import { contrastRatio, inkContrast, relativeLuminance, REQUIRED_INK_SHARE } from './ink-contrast.js';
import { dilate, readableInk, recolourForGarment, type Rgb } from './recolour.js';

const luminance = (c: Rgb) => relativeLuminance(c.r, c.g, c.b);
const contrast = (a: Rgb, b: Rgb) => contrastRatio(luminance(a), luminance(b));
const hueOf = ({ r, g, b }: Rgb) => {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? (g - b) / d : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};

/** An RGBA canvas: transparent, with rectangles of ink. */
function canvas(width: number, height: number, shapes: Array<{ x: number; y: number; w: number; h: number; colour: Rgb }>) {
  const data = new Uint8Array(width * height * 4);
  for (const { x, y, w, h, colour } of shapes)
    for (let row = y; row < y + h; row++)
      for (let col = x; col < x + w; col++) data.set([colour.r, colour.g, colour.b, 255], (row * width + col) * 4);
  return data;
}

const NAVY = { r: 0x02, g: 0x30, b: 0x47 };
const CREAM = { r: 0xff, g: 0xf1, b: 0xd6 };
const INK = { r: 0x11, g: 0x11, b: 0x11 };

describe('readableInk', () => {
  it('leaves an ink that reads alone and moves one that does not past 3:1, keeping its hue', () => {
    expect(readableInk(NAVY, GARMENTS.light)).toEqual(NAVY);
    const onBlack = readableInk(NAVY, GARMENTS.dark);
    expect(contrast(onBlack, GARMENTS.dark)).toBeGreaterThanOrEqual(3);
    expect(Math.abs(hueOf(onBlack) - hueOf(NAVY))).toBeLessThan(8);
    const mirrored = readableInk(NAVY, GARMENTS.dark, 'mirror');
    expect(luminance(mirrored)).toBeGreaterThan(0.5); // navy becomes a light blue
    expect(Math.abs(hueOf(mirrored) - hueOf(NAVY))).toBeLessThan(8);
  });
});

describe('recolourForGarment', () => {
  it('makes dark ink art on transparent (drawn for a white shirt) read on a black one, with a halo', () => {
    const image = canvas(100, 100, [
      { x: 20, y: 20, w: 60, h: 20, colour: NAVY },
      { x: 20, y: 50, w: 60, h: 30, colour: INK },
    ]);
    expect(inkContrast(image, GARMENTS.dark).share).toBe(0); // known bad before
    const result = recolourForGarment(image, 100, 100, GARMENTS.dark);
    expect(result.mode).toBe('mirror');
    expect(inkContrast(image, GARMENTS.dark).share).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);
    expect(result.haloPixels).toBeGreaterThan(0);
    // The halo is thin: one pixel around shapes on a 100 px canvas, nothing far away.
    expect(image[(10 * 100 + 10) * 4 + 3]).toBe(0);
    expect(image[(19 * 100 + 50) * 4 + 3]).toBe(255);
  });

  it('makes mid-grey art read on both garments', () => {
    const grey = { r: 0x80, g: 0x80, b: 0x80 }; // about 3.9:1 on white, 5.3:1 on black: reads on both already
    const dim = { r: 0x50, g: 0x50, b: 0x50 }; // about 2.6:1 on black
    const pale = { r: 0xa8, g: 0xa8, b: 0xa8 }; // about 2.4:1 on white
    for (const garment of [GARMENTS.light, GARMENTS.dark]) {
      const image = canvas(60, 60, [
        { x: 5, y: 5, w: 50, h: 15, colour: grey },
        { x: 5, y: 25, w: 50, h: 10, colour: garment === GARMENTS.dark ? dim : pale },
      ]);
      expect(inkContrast(image, garment).share).toBeLessThan(REQUIRED_INK_SHARE);
      recolourForGarment(image, 60, 60, garment);
      expect(inkContrast(image, garment).share).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);
      expect(Array.from(image.subarray((10 * 60 + 10) * 4, (10 * 60 + 10) * 4 + 3))).toEqual([0x80, 0x80, 0x80]); // kept
    }
  });

  it('nudges a light fill on a white shirt so the dark lettering on it still reads, and leaves art that reads without a halo', () => {
    const image = canvas(80, 40, [
      { x: 0, y: 0, w: 80, h: 40, colour: CREAM },
      { x: 10, y: 10, w: 60, h: 20, colour: INK },
    ]);
    const result = recolourForGarment(image, 80, 40, GARMENTS.light, 'this-garment');
    expect(result.mode).toBe('nudge');
    const fill = { r: image[0]!, g: image[1]!, b: image[2]! };
    const letters = { r: image[(20 * 80 + 40) * 4]!, g: image[(20 * 80 + 40) * 4 + 1]!, b: image[(20 * 80 + 40) * 4 + 2]! };
    expect(letters).toEqual(INK);
    expect(contrast(fill, GARMENTS.light)).toBeGreaterThanOrEqual(3);
    expect(contrast(fill, letters)).toBeGreaterThanOrEqual(3);

    const reads = canvas(20, 20, [{ x: 5, y: 5, w: 10, h: 10, colour: INK }]);
    expect(recolourForGarment(reads, 20, 20, GARMENTS.light)).toEqual({ mode: 'nudge', recoloured: 0, haloPixels: 0 });
  });
});

describe('dilate', () => {
  /** Every pixel with a set pixel within `radius` along both axes, checked one by one. */
  function bruteForce(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
    const out = new Uint8Array(mask.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let dy = -radius; dy <= radius && !out[y * width + x]; dy++)
          for (let dx = -radius; dx <= radius; dx++) {
            const [sx, sy] = [x + dx, y + dy];
            if (sx >= 0 && sy >= 0 && sx < width && sy < height && mask[sy * width + sx]) {
              out[y * width + x] = 1;
              break;
            }
          }
    return out;
  }

  it.each([
    [1, 1, 0, 0.5],
    [17, 9, 1, 0.05],
    [23, 31, 2, 0.02],
    [40, 12, 5, 0.01],
    [9, 9, 20, 0.03],
    [64, 48, 3, 0],
    [30, 200, 3, 0.003],
  ])('sets every pixel within the square radius of a set one (%i×%i, radius %i, %f set)', (width, height, radius, share) => {
    let seed = width * 7919 + height * 104729 + radius;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const mask = Uint8Array.from({ length: width * height }, () => (random() < share ? 1 : 0));
    const expected = bruteForce(mask, width, height, radius);
    expect(dilate(mask, width, height, radius)).toEqual(expected);
    // Told the box of its set pixels, it walks only that box grown by the radius: the same pixels.
    const set = { left: width, top: height, right: -1, bottom: -1 };
    mask.forEach((bit, pixel) => {
      if (!bit) return;
      const [x, y] = [pixel % width, Math.floor(pixel / width)];
      Object.assign(set, { left: Math.min(set.left, x), right: Math.max(set.right, x), top: Math.min(set.top, y), bottom: y });
    });
    if (set.right >= 0) expect(dilate(mask, width, height, radius, set)).toEqual(expected);
  });
});
