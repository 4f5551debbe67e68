import sharp from 'sharp';
import type { BackgroundRemover } from '../../assets.tokens.js';
import { withoutSrgbProfile } from '@printloom/design-engine';
import { toPrintPng } from '../../derivatives.js';

export class BackgroundTooBusyError extends Error {}
export class AlreadyTransparentError extends Error {}

export type { BackgroundRemover };

const TOLERANCE = 40; // RGB distance still counted as the background colour
const UNIFORM_SHARE = 0.8; // share of border pixels that must be near the background colour

/** The mask is found on a copy of at most this many pixels, then scaled up and applied at full size. */
export const MASK_MAX_PIXELS = 1_500_000;

/**
 * The offline remover: floods the near-uniform background from the borders and makes it transparent,
 * with a soft anti-aliased edge. Exact for designs drawn on a plain background; a busy background is
 * refused with a clear error instead of a bad cut-out. The flood fill runs on a reduced copy (a
 * 24-megapixel print file becomes ~1.5 MP) and its mask, scaled up smoothly, is applied to the
 * full-size pixels: the cut-out keeps every pixel of the design at a sixteenth of the work.
 */
export class FloodFillBackgroundRemover implements BackgroundRemover {
  constructor(private readonly maskMaxPixels = MASK_MAX_PIXELS) {}

  async remove(image: Buffer): Promise<Buffer> {
    const full = await sharp(await withoutSrgbProfile(image))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = full.info;
    const scale = Math.min(1, Math.sqrt(this.maskMaxPixels / (width * height)));
    const small =
      scale < 1
        ? await sharp(full.data, { raw: { width, height, channels: 4 } })
            .resize({
              width: Math.max(1, Math.round(width * scale)),
              height: Math.max(1, Math.round(height * scale)),
              fit: 'fill',
              kernel: 'nearest',
            })
            .raw()
            .toBuffer({ resolveWithObject: true })
        : full;
    const keep = keepMask(small.data, small.info.width, small.info.height);
    // Soft edge: blur the keep-mask by a pixel, scale it to full size, use it as alpha (never above the original).
    // b-w keeps the raw output at one channel (sharp would widen it to three).
    const softMask = await sharp(keep, { raw: { width: small.info.width, height: small.info.height, channels: 1 } })
      .blur(0.8)
      .resize({ width, height, fit: 'fill', kernel: 'cubic' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    const data = full.data;
    for (let i = 0; i < softMask.length; i += 1) data[i * 4 + 3] = Math.min(data[i * 4 + 3], softMask[i]);
    return toPrintPng(sharp(data, { raw: { width, height, channels: 4 } }));
  }
}

/** 255 where the design is, 0 where the background flood reaches from the borders. */
function keepMask(data: Buffer, width: number, height: number): Buffer {
  const border = borderIndices(width, height);
  const opaqueBorder = border.filter((index) => data[index * 4 + 3] > 16);
  if (opaqueBorder.length < border.length * 0.1) throw new AlreadyTransparentError('This image already has a transparent background.');

  const background = medianColour(data, opaqueBorder);
  const near = (index: number) => data[index * 4 + 3] <= 16 || distance(data, index, background) <= TOLERANCE;
  if (border.filter(near).length < border.length * UNIFORM_SHARE) {
    throw new BackgroundTooBusyError("This image's background is too busy to remove automatically.");
  }

  const isBackground = new Uint8Array(width * height);
  const stack: number[] = [];
  for (const index of border) {
    if (near(index) && !isBackground[index]) {
      isBackground[index] = 1;
      stack.push(index);
    }
  }
  while (stack.length > 0) {
    const index = stack.pop()!;
    const x = index % width;
    const neighbours = [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, index - width, index + width];
    for (const next of neighbours) {
      if (next < 0 || next >= isBackground.length || isBackground[next] || !near(next)) continue;
      isBackground[next] = 1;
      stack.push(next);
    }
  }
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = isBackground[i] ? 0 : 255;
  return mask;
}

function borderIndices(width: number, height: number): number[] {
  const indices: number[] = [];
  for (let x = 0; x < width; x += 1) indices.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y += 1) indices.push(y * width, y * width + width - 1);
  return indices;
}

function medianColour(data: Buffer, indices: number[]): [number, number, number] {
  const channel = (offset: number) => {
    const values = indices.map((index) => data[index * 4 + offset]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  return [channel(0), channel(1), channel(2)];
}

function distance(data: Buffer, index: number, colour: [number, number, number]): number {
  const r = data[index * 4] - colour[0];
  const g = data[index * 4 + 1] - colour[1];
  const b = data[index * 4 + 2] - colour[2];
  return Math.sqrt(r * r + g * g + b * b);
}
