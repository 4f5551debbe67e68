import type { TextElement } from '../directions/direction.js';
import { PRINT_SIZES, type PlannedDesign } from '../render.js';
import { capHeight } from '../typography/text-shapes.js';

/**
 * The one height a legibility check reads an element at (once; no best of several): its cap height as
 * it appears when the print file is viewed `viewHeight` px tall (the lightbox on a laptop screen shows
 * the print at about 800 px), but no more than `maxCap` px, where OCR stays in its comfortable range.
 */
export const READING_VIEW = { viewHeight: 800, maxCap: 40 } as const;

export interface ReadingSetting {
  /** Cap height in pixels the element is read at. */
  cap: number;
  /** Scale of the element's drawn size (flatTextPng's `scale`). */
  scale: number;
  /** The print's wear, when the variant is distressed (flatTextPng's `distress`). */
  distress?: { amount: number; seed: string; unit: number };
}

export function readingSetting(
  design: Pick<PlannedDesign, 'canvas' | 'variant' | 'placement' | 'effects'>,
  element: Pick<TextElement, 'font' | 'size'>,
  seed: string,
  view: { viewHeight: number; maxCap: number } = READING_VIEW,
): ReadingSetting {
  const unit = design.canvas.width / PRINT_SIZES[design.variant].width;
  const distress = design.effects.distress && { amount: design.effects.distress.amount, seed: `${seed}:${design.variant}:flat`, unit };
  // The element's size on the print, then as viewed (no larger than maxCap).
  const printCap = (capHeight(element.font) * element.size * design.placement.scale) / unit;
  const cap = Math.min(view.maxCap, (printCap * view.viewHeight) / PRINT_SIZES[design.variant].height);
  return { cap, scale: cap / (capHeight(element.font) * element.size), distress };
}
