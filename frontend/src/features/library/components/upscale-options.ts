import { upscaleFits, upscaleTooLargeReason } from '@printloom/contracts/limits';
import type { UpscaleFactor } from '@printloom/contracts/plans';

const FACTORS: readonly UpscaleFactor[] = [2, 4];

/** Each upscale factor for this image: offered when the result fits, else disabled with the reason (the API's 422 text). */
export function upscaleOptions(size: { width: number; height: number }): Array<{ factor: UpscaleFactor; reason: string | null }> {
  return FACTORS.map((factor) => ({ factor, reason: upscaleFits(size, factor) ? null : upscaleTooLargeReason(factor) }));
}
