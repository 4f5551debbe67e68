import { PRINT_SIZES } from '@printloom/design-engine';
import type { VariantLetter } from '@printloom/contracts';

export interface Size {
  width: number;
  height: number;
}

/**
 * The size rules of OpenAI's GPT image 2.x models (Images API reference, `size`): both edges multiples
 * of 16, the longest edge at most 3840, long:short at most 3:1, between 655,360 and 8,294,400 pixels;
 * the documented aspect ratios are the ones below. The largest size is the 4K tier of that ratio.
 */
export const OPENAI_SIZE_RULES = { multiple: 16, maxEdge: 3840, maxPixels: 8_294_400, minPixels: 655_360 } as const;
export const OPENAI_ASPECT_RATIOS: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [2, 3],
  [3, 2],
  [3, 4],
  [4, 3],
  [4, 5],
  [5, 4],
  [9, 16],
  [16, 9],
  [21, 9],
];

/** The documented aspect ratio closest to a canvas (4500×5400 → 4:5, 3000×3000 → 1:1). */
export function closestAspect(canvas: Size): readonly [number, number] {
  const target = Math.log(canvas.width / canvas.height);
  return OPENAI_ASPECT_RATIOS.reduce((best, ratio) =>
    Math.abs(Math.log(ratio[0] / ratio[1]) - target) < Math.abs(Math.log(best[0] / best[1]) - target) ? ratio : best,
  );
}

/** The largest size the rules allow at exactly this aspect ratio (4:5 → 2560×3200, 1:1 → 2880×2880). */
export function largestSizeAt([w, h]: readonly [number, number]): Size {
  const { multiple, maxEdge, maxPixels } = OPENAI_SIZE_RULES;
  for (let width = Math.floor(maxEdge / multiple) * multiple; width >= multiple; width -= multiple) {
    const height = (width * h) / w;
    if (Number.isInteger(height) && height % multiple === 0 && height <= maxEdge && width * height <= maxPixels) return { width, height };
  }
  throw new Error(`no documented size at ${w}:${h}`);
}

/** What to ask the API for, per variant: the largest documented size at the aspect closest to its print canvas. */
export function requestSizeFor(variant: VariantLetter): Size {
  return largestSizeAt(closestAspect(PRINT_SIZES[variant]));
}
