import type { DesignQuality, QualityCheck } from '@printloom/contracts';
import { contrast, SAFE_MARGIN, type TextElement } from '@printloom/design-engine';
import { inkContrast } from '../print-files/ink-contrast.js';
import type { Rgb } from '../print-files/recolour.js';

/** A decoded print: RGBA, row by row. */
export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Letters need this contrast with what they sit on (WCAG's large-text bar, the engine's own rule). */
export const TEXT_CONTRAST = 3;
/** Ink this close to the garment's colour (WCAG ratio) all but vanishes on it. */
export const VANISHING_CONTRAST = 1.5;
/** At least this share of the ink must stand apart from the garment at VANISHING_CONTRAST. */
export const VISIBLE_INK_SHARE = 0.5;
/** A pixel is ink in the margin from this opacity (resampling leaves fainter fuzz at edges). */
export const MARGIN_ALPHA = 8;
/** Asked transparent: the background counts as cut out when this share of the border is clear. */
export const CLEAR_BORDER_SHARE = 0.98;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Nothing within the 2% margin: every pixel in the outer 2% of each side is (nearly) transparent, so
 * a print provider's trim or a product's edge never cuts the art.
 */
export function marginCheck(image: Rgba): QualityCheck {
  const { data, width, height } = image;
  const marginX = Math.floor(width * SAFE_MARGIN);
  const marginY = Math.floor(height * SAFE_MARGIN);
  const sides = { top: 0, bottom: 0, left: 0, right: 0 };
  for (let y = 0; y < height; y++) {
    const inRows = y < marginY ? 'top' : y >= height - marginY ? 'bottom' : null;
    for (let x = 0; x < width; x++) {
      const side = inRows ?? (x < marginX ? 'left' : x >= width - marginX ? 'right' : null);
      if (side === null) {
        x = width - marginX - 1; // skip the inside of the row
        continue;
      }
      if (data[(y * width + x) * 4 + 3]! >= MARGIN_ALPHA) sides[side] += 1;
    }
  }
  const touched = (Object.keys(sides) as Array<keyof typeof sides>).filter((side) => sides[side] > 0);
  return touched.length === 0
    ? { name: 'margin', ok: true, detail: 'Nothing within the 2% margin' }
    : { name: 'margin', ok: false, detail: `Art reaches into the 2% margin (${touched.join(', ')})` };
}

/**
 * Transparency where it was asked: the border of the file is clear (the background was cut out, not
 * drawn), and the image has transparent pixels at all.
 */
export function transparencyCheck(image: Rgba, asked: { transparent: boolean; backgroundKept: boolean }): QualityCheck {
  if (!asked.transparent) return { name: 'transparency', ok: true, detail: 'Not asked: an opaque background is fine' };
  if (asked.backgroundKept)
    return { name: 'transparency', ok: false, detail: 'Transparent was asked, but the background could not be removed' };
  const { data, width, height } = image;
  let border = 0;
  let clear = 0;
  const look = (x: number, y: number) => {
    border += 1;
    if (data[(y * width + x) * 4 + 3]! < MARGIN_ALPHA) clear += 1;
  };
  for (let x = 0; x < width; x++) {
    look(x, 0);
    look(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    look(0, y);
    look(width - 1, y);
  }
  const share = clear / Math.max(1, border);
  return share >= CLEAR_BORDER_SHARE
    ? { name: 'transparency', ok: true, detail: 'Transparent background' }
    : { name: 'transparency', ok: false, detail: `Transparent was asked, but ${percent(1 - share)} of the edge is opaque` };
}

/** Whether a text element's letters stand out from what they sit on: their fill, or an outline that does. */
export function textReadsOn(element: Pick<TextElement, 'fill' | 'outline' | 'backdrop'>, garment: string): boolean {
  const backdrop = element.backdrop ?? garment;
  if (contrast(element.fill, backdrop) >= TEXT_CONTRAST) return true;
  const outline = element.outline;
  return (
    !!outline &&
    outline.width > 0 &&
    contrast(outline.colour, backdrop) >= TEXT_CONTRAST &&
    contrast(element.fill, outline.colour) >= TEXT_CONTRAST
  );
}

/**
 * The inks against the chosen garment: most of the ink must stand apart from it (a white picture on
 * a white shirt vanishes), and every text element (when known) must reach 3:1 against what it sits on.
 * `ignore` drops ink of one colour from the count: a sticker's own white backing.
 */
export function contrastCheck(
  image: Rgba,
  garment: { name: 'light' | 'dark'; rgb: Rgb; hex: string },
  texts: Array<Pick<TextElement, 'text' | 'fill' | 'outline' | 'backdrop'>> | null,
  ignore?: Rgb,
): QualityCheck {
  const visible = inkContrast(image.data, garment.rgb, VANISHING_CONTRAST, ignore && nearColour(ignore));
  const shirt = garment.name === 'light' ? 'a white garment' : 'a black garment';
  const faint = (texts ?? []).filter((element) => !textReadsOn(element, garment.hex));
  if (faint.length > 0)
    return {
      name: 'contrast',
      ok: false,
      detail: `Text under 3:1 contrast on ${shirt}: ${faint.map((element) => `“${element.text}”`).join(', ')}`,
    };
  if (visible.share < VISIBLE_INK_SHARE)
    return { name: 'contrast', ok: false, detail: `Only ${percent(visible.share)} of the ink stands out on ${shirt}` };
  return { name: 'contrast', ok: true, detail: `${percent(visible.share)} of the ink stands out on ${shirt}` };
}

/** Channels this close count as the same colour (antialiased edges of a flat fill). */
const NEAR = 6;

/** Whether a colour is within NEAR of `colour` on every channel. */
function nearColour(colour: Rgb): (r: number, g: number, b: number) => boolean {
  return (r, g, b) => Math.abs(r - colour.r) <= NEAR && Math.abs(g - colour.g) <= NEAR && Math.abs(b - colour.b) <= NEAR;
}

/** The verdict: every check in the contracts' order; ok when all are. */
export function verdictOf(checks: QualityCheck[]): DesignQuality {
  return { ok: checks.every((check) => check.ok), checks };
}
