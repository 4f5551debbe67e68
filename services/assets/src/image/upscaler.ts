import sharp from 'sharp';
import { toPrintPng } from './derivatives.js';

export class UpscaleTooLargeError extends Error {}

/** Enlarges an image; behind an interface so a hosted ML upscaler can be added. */
export interface Upscaler {
  upscale(image: Buffer, factor: 2 | 4): Promise<Buffer>;
}

export const MAX_UPSCALED_SIDE = 12_000;

/** Lanczos3 with sharp: on flat print art as good as ML upscalers here, at a hundredth of the time. */
export class LanczosUpscaler implements Upscaler {
  async upscale(image: Buffer, factor: 2 | 4): Promise<Buffer> {
    const { width, height } = await sharp(image).metadata();
    if (!width || !height) throw new Error('Not a readable image');
    if (Math.max(width, height) * factor > MAX_UPSCALED_SIDE) {
      throw new UpscaleTooLargeError(`This image is already large: ${factor}× would exceed ${MAX_UPSCALED_SIDE.toLocaleString('en-US')} px.`);
    }
    return toPrintPng(sharp(image).ensureAlpha().resize({ width: width * factor, height: height * factor, kernel: 'lanczos3' }));
  }
}
