import sharp from 'sharp';
import { AppError, LIMITS, MESSAGES } from '@printloom/contracts';

/**
 * Reads only the header of an uploaded image and refuses one that would decode to more pixels than an
 * upload may have (a few KB can declare a gigapixel canvas), before anything decodes it.
 */
export async function assertWithinDecodeLimits(bytes: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  let pages: number | undefined;
  try {
    // metadata() reads the header only; the limits are checked here, with the answer they deserve.
    ({ width, height, pages } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new AppError('UNPROCESSABLE', MESSAGES.imageUnreadable);
  }
  if (!width || !height) throw new AppError('UNPROCESSABLE', MESSAGES.imageUnreadable);
  if (Math.max(width, height) > LIMITS.uploadMaxSide || width * height * (pages ?? 1) > LIMITS.uploadMaxPixels) {
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.imageTooLarge);
  }
}
