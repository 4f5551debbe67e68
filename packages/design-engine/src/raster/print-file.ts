import sharp, { type Sharp } from 'sharp';
import { boxShrink } from './box-shrink.js';
import { raw, type RgbaImage } from './effects.js';
import { withSrgbProfile } from './srgb-profile.js';

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

interface Bounds {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest box holding every pixel that is not fully transparent, or none for an empty image. */
export function opaqueBounds(image: RgbaImage): Bounds | undefined {
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

/** Where `centreArtwork` puts the artwork: even transparent margins (the odd pixel right and below). */
function centredBox(image: RgbaImage, bounds: Bounds): Bounds {
  return { ...bounds, left: Math.floor((image.width - bounds.width) / 2), top: Math.floor((image.height - bounds.height) / 2) };
}

/**
 * Moves the artwork (the box of its opaque pixels) to the centre of the canvas, in place: each row is
 * moved once inside the buffer, and everything outside the moved box is cleared. Cheaper than cutting
 * and padding the image in a pipeline, which copies every pixel twice.
 */
export function centreArtwork(image: RgbaImage, bounds = opaqueBounds(image)): void {
  if (!bounds) return;
  const { data, width, height } = image;
  const target = centredBox(image, bounds);
  const dy = target.top - bounds.top;
  if (dy === 0 && target.left === bounds.left) return;
  const stride = width * 4;
  const rowBytes = bounds.width * 4;
  // Rows move away from where they are read: downwards from the bottom row up, upwards from the top down.
  for (let step = 0; step < bounds.height; step++) {
    const row = dy > 0 ? bounds.height - 1 - step : step;
    const from = (bounds.top + row) * stride + bounds.left * 4;
    data.copyWithin((target.top + row) * stride + target.left * 4, from, from + rowBytes);
  }
  data.fill(0, 0, target.top * stride);
  data.fill(0, (target.top + bounds.height) * stride, height * stride);
  for (let row = target.top; row < target.top + bounds.height; row++) {
    data.fill(0, row * stride, row * stride + target.left * 4);
    data.fill(0, row * stride + (target.left + bounds.width) * 4, (row + 1) * stride);
  }
}

/**
 * The print file of a centred artwork: PNG tagged 300 DPI and sRGB (librsvg draws in sRGB: nothing to
 * convert). zlib level 3: ~45% less CPU than level 6 (measured at print size) for files ~10% larger.
 */
export async function toPrintPng(image: RgbaImage): Promise<Buffer> {
  return withSrgbProfile(await sharp(image.data, raw(image)).withDensity(300).png({ compressionLevel: 3 }).toBuffer());
}

/** The print file's pixels shrunk to fit `maxSide` pixels. */
export type ScaledPrint = (maxSide: number) => Sharp;

/**
 * The print file scaled down without encoding it first, so the library's thumbnail and preview come from
 * the pixels already in memory, not from decoding the PNG again. Only the artwork's box is scaled (the
 * margins stay clear), centred on the shrunk canvas.
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
    const artwork = centredBox(image, bounds);
    // Block averages down to just above the size asked for (a third of libvips' cost at print size; the
    // previews look the same), then lanczos for the rest of the way.
    const blocks = Math.max(1, Math.floor(Math.min(artwork.width / boxWidth, artwork.height / boxHeight)));
    const source = blocks > 1 ? pixelsOf(boxShrink(image, artwork, blocks)) : pixelsOf(image).extract(artwork);
    return source
      .resize(boxWidth, boxHeight, { fit: 'fill', kernel: 'lanczos3' })
      .extend({ left, top, right: width - boxWidth - left, bottom: height - boxHeight - top, background: CLEAR });
  };
}

const pixelsOf = (image: RgbaImage) => sharp(image.data, raw(image));
