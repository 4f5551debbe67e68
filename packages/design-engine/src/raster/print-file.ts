import sharp, { type Sharp } from 'sharp';
import type { RgbaImage } from './effects.js';

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

/** The smallest box holding every pixel that is not fully transparent, or none for an empty image. */
export function opaqueBounds(image: RgbaImage): { left: number; top: number; width: number; height: number } | undefined {
  const { data, width, height } = image;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (data[row + x * 4 + 3] !== 0) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first);
    for (let x = width - 1; x > right; x--) {
      if (data[row + x * 4 + 3] !== 0) {
        right = x;
        break;
      }
    }
  }
  if (top < 0) return undefined;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The print file: the artwork cut to its own bounds and centred on the print canvas (even,
 * transparent margins), tagged 300 DPI, PNG. The pixels are sRGB already (librsvg draws in sRGB).
 */
export async function toPrintPng(image: RgbaImage, bounds = opaqueBounds(image)): Promise<Buffer> {
  const { width, height } = image;
  const input = sharp(image.data, { raw: { width, height, channels: 4 } });
  const placed = bounds
    ? input.extract(bounds).extend({
        left: Math.floor((width - bounds.width) / 2),
        right: Math.ceil((width - bounds.width) / 2),
        top: Math.floor((height - bounds.height) / 2),
        bottom: Math.ceil((height - bounds.height) / 2),
        background: CLEAR,
      })
    : input;
  return placed.withDensity(300).withIccProfile('srgb').png({ compressionLevel: 6 }).toBuffer();
}

/** The print file's pixels (as `toPrintPng` places them) shrunk to fit `maxSide` pixels. */
export type ScaledPrint = (maxSide: number) => Sharp;

/**
 * The print file scaled down without making it first: the artwork's box is cut, shrunk and centred on
 * the shrunk canvas in one pipeline, so the library's thumbnail and preview come from the pixels
 * already in memory, not from decoding the PNG again.
 */
export function scaledPrint(image: RgbaImage, bounds = opaqueBounds(image)): ScaledPrint {
  return (maxSide) => {
    const factor = Math.min(1, maxSide / image.width, maxSide / image.height);
    const width = Math.max(1, Math.round(image.width * factor));
    const height = Math.max(1, Math.round(image.height * factor));
    if (!bounds) return sharp({ create: { width, height, channels: 4, background: CLEAR } });
    const boxWidth = Math.min(width, Math.max(1, Math.round(bounds.width * factor)));
    const boxHeight = Math.min(height, Math.max(1, Math.round(bounds.height * factor)));
    const left = Math.floor((width - boxWidth) / 2);
    const top = Math.floor((height - boxHeight) / 2);
    return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
      .extract(bounds)
      .resize(boxWidth, boxHeight, { fit: 'fill', kernel: 'lanczos3' })
      .extend({ left, top, right: width - boxWidth - left, bottom: height - boxHeight - top, background: CLEAR });
  };
}
