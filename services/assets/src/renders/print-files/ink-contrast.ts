import { endianness } from 'node:os';
import type { Rgb } from './recolour.js';

// Pixels are read as 32-bit words below; every platform Node runs this service on is little-endian.
if (endianness() !== 'LE') throw new Error('ink-contrast reads pixels as little-endian words');

/** WCAG 2 "non-text contrast" for graphics: the least an ink must reach against the garment it is printed on. */
export const MIN_INK_CONTRAST = 3;
/** A pixel counts as ink from this opacity (half-covered edge pixels and soft shadows are not the art). */
export const INK_ALPHA = 128;
/** The share of a file's ink pixels that must reach MIN_INK_CONTRAST (the acceptance figure). */
export const REQUIRED_INK_SHARE = 0.95;

const LINEAR = Float64Array.from({ length: 256 }, (_, value) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** WCAG 2 relative luminance of an sRGB colour (0 black … 1 white). */
export function relativeLuminance(r: number, g: number, b: number): number {
  return 0.2126 * LINEAR[r]! + 0.7152 * LINEAR[g]! + 0.0722 * LINEAR[b]!;
}

/** WCAG 2 contrast ratio of two luminances (1 … 21). */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export interface InkContrast {
  /** Pixels with alpha above INK_ALPHA. */
  inkPixels: number;
  /** Of those, the ones reaching MIN_INK_CONTRAST against the garment. */
  contrasting: number;
  /** contrasting / inkPixels (1 for a file with no ink). */
  share: number;
}

/**
 * How much of a print's ink reads on its garment: every pixel of an RGBA buffer with alpha above
 * INK_ALPHA, its colour against the garment's by WCAG contrast. Pure; a print has few distinct inks in
 * long runs, so each colour is judged once and a run of the same colour costs one comparison a pixel.
 * `ignore` leaves out ink of the colours it names (a sticker's own white backing), as if transparent.
 */
export function inkContrast(
  rgba: Uint8Array,
  garment: Rgb,
  minimum = MIN_INK_CONTRAST,
  ignore?: (r: number, g: number, b: number) => boolean,
): InkContrast {
  const garmentLuminance = relativeLuminance(garment.r, garment.g, garment.b);
  const judged = new Map<number, Judgement>();
  const judge = (r: number, g: number, b: number): Judgement =>
    ignore?.(r, g, b) ? IGNORED : contrastRatio(relativeLuminance(r, g, b), garmentLuminance) >= minimum ? READS : FADES;
  let inkPixels = 0;
  let contrasting = 0;
  let lastPixel = -1;
  let last: Judgement = FADES;
  // One 32-bit read a pixel (little-endian: alpha in the top byte); a run of the same pixel is judged once.
  const pixels = asPixels(rgba);
  for (let i = 0; i < pixels.length; i++) {
    const pixel = pixels[i]!;
    if (pixel >>> 24 <= INK_ALPHA) continue;
    if (pixel !== lastPixel) {
      lastPixel = pixel;
      const colour = pixel & 0xffffff;
      let judgement = judged.get(colour);
      if (judgement === undefined) {
        judgement = judge(colour & 0xff, (colour >>> 8) & 0xff, colour >>> 16);
        judged.set(colour, judgement);
      }
      last = judgement;
    }
    if (last === IGNORED) continue;
    inkPixels += 1;
    if (last === READS) contrasting += 1;
  }
  return { inkPixels, contrasting, share: inkPixels === 0 ? 1 : contrasting / inkPixels };
}

/** The RGBA bytes as little-endian 32-bit pixels: a view when aligned, else a copy. */
/** The RGBA bytes as one little-endian 32-bit word a pixel (alpha in the top byte), for reading. */
export function asPixels(rgba: Uint8Array): Uint32Array {
  if (rgba.byteOffset % 4 === 0) return new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >>> 2);
  return new Uint32Array(Uint8Array.from(rgba.subarray(0, rgba.length - (rgba.length % 4))).buffer);
}

const FADES = 0;
const READS = 1;
const IGNORED = 2;
type Judgement = typeof FADES | typeof READS | typeof IGNORED;
