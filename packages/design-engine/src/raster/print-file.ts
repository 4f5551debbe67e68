import sharp from 'sharp';
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
export async function toPrintPng(image: RgbaImage): Promise<Buffer> {
  const { width, height } = image;
  const input = sharp(image.data, { raw: { width, height, channels: 4 } });
  const bounds = opaqueBounds(image);
  const placed = bounds
    ? input.extract(bounds).extend({
        left: Math.floor((width - bounds.width) / 2),
        right: Math.ceil((width - bounds.width) / 2),
        top: Math.floor((height - bounds.height) / 2),
        bottom: Math.ceil((height - bounds.height) / 2),
        background: CLEAR,
      })
    : input;
  return placed.withDensity(300).withIccProfile("srgb").png({ compressionLevel: 6 }).toBuffer();
}
