import type { Rgb } from './recolour.js';

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
 * INK_ALPHA, its colour against the garment's by WCAG contrast. Pure; a lookup per colour, since a
 * print has few distinct inks.
 */
export function inkContrast(rgba: Uint8Array, garment: Rgb, minimum = MIN_INK_CONTRAST): InkContrast {
  const garmentLuminance = relativeLuminance(garment.r, garment.g, garment.b);
  const seen = new Map<number, boolean>();
  let inkPixels = 0;
  let contrasting = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3]! <= INK_ALPHA) continue;
    inkPixels += 1;
    const colour = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
    let reads = seen.get(colour);
    if (reads === undefined) {
      reads = contrastRatio(relativeLuminance(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!), garmentLuminance) >= minimum;
      seen.set(colour, reads);
    }
    if (reads) contrasting += 1;
  }
  return { inkPixels, contrasting, share: inkPixels === 0 ? 1 : contrasting / inkPixels };
}
