import sharp from 'sharp';
import { upscaleFits, upscaleTooLargeReason } from '@printloom/contracts';
import { withoutSrgbProfile } from '@printloom/design-engine';
import { toPrintPng } from '../../derivatives.js';

export class UpscaleTooLargeError extends Error {}

/** Enlarges an image; behind an interface so a hosted ML upscaler can be added. */
export interface Upscaler {
  upscale(image: Buffer, factor: 2 | 4): Promise<Buffer>;
}

/** Lanczos3 with sharp: on flat print art as good as ML upscalers here, at a hundredth of the time. */
export class LanczosUpscaler implements Upscaler {
  async upscale(stored: Buffer, factor: 2 | 4): Promise<Buffer> {
    const image = await withoutSrgbProfile(stored);
    const { width, height } = await sharp(image).metadata();
    if (!width || !height) throw new Error('Not a readable image');
    if (!upscaleFits({ width, height }, factor)) throw new UpscaleTooLargeError(upscaleTooLargeReason(factor));
    return toPrintPng(
      sharp(image)
        .ensureAlpha()
        .resize({ width: width * factor, height: height * factor, kernel: 'lanczos3' }),
    );
  }
}
