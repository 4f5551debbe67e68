import sharp from 'sharp';
import type { TextElement } from '../directions/direction.js';
import { distress, rasterise } from '../raster/effects.js';
import { seededRandom } from '../random.js';
import { inked } from '../directions/svg.js';
import { FONT_FACES } from '../typography/fonts.js';
import { lineShape } from '../typography/text-shapes.js';

export interface FlatText {
  /** The letters with their outline and shadow, on a transparent canvas. */
  ink: string;
  /** What is under them: the garment, or the badge ring. */
  backdrop: string;
  width: number;
  height: number;
}

/**
 * One text element set again on a straight baseline, with the same face, inks, outline and shadow, at
 * `scale` of its drawn size: what OCR can read (it cannot follow an arch or a ring).
 */
export function flatText(element: TextElement, garment: string, scale = 1): FlatText {
  const size = element.size * scale;
  const probe = lineShape(element.font, element.text, 0, 0, size);
  const outline = (element.outline?.width ?? 0) * scale;
  const shadow = element.shadow ? { ...element.shadow, dx: element.shadow.dx * scale, dy: element.shadow.dy * scale, outline: element.shadow.outline * scale } : undefined;
  // Room for the outline, the shadow and a quiet zone of half a line around the letters.
  const pad = Math.max(outline, shadow?.outline ?? 0) + size * 0.5;
  const left = pad - probe.box.x1;
  const baseline = pad - probe.box.y1;
  const shape = lineShape(element.font, element.text, left, baseline, size);
  const width = Math.ceil(probe.box.x2 - probe.box.x1 + 2 * pad + (shadow?.dx ?? 0));
  const height = Math.ceil(probe.box.y2 - probe.box.y1 + 2 * pad + (shadow?.dy ?? 0));
  const parts: string[] = [];
  if (shadow) parts.push(inked(shape, { fill: shadow.colour, stroke: shadow.colour, strokeWidth: shadow.outline }, `translate(${shadow.dx.toFixed(1)} ${shadow.dy.toFixed(1)})`));
  parts.push(inked(shape, { fill: element.fill, stroke: element.outline?.colour, strokeWidth: outline }));
  const ink = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
  return { ink, backdrop: element.backdrop ?? garment, width, height };
}

const QUOTES = /[‘’`´]/g;

/** How a reading compares with the text: exact, except letter case in faces that draw only capitals. */
export function readsBack(element: Pick<TextElement, 'text' | 'font'>, reading: string): boolean {
  const normal = (text: string) => text.replace(QUOTES, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
  const expected = normal(element.text);
  const read = normal(reading);
  return FONT_FACES[element.font].capsOnly ? read.toUpperCase() === expected.toUpperCase() : read === expected;
}

/**
 * The flat text as a PNG over its backdrop, worn like the print when the variant is distressed: the
 * image a legibility check hands to OCR.
 */
export async function flatTextPng(element: TextElement, garment: string, options: { scale?: number; distress?: { amount: number; seed: string; unit: number } } = {}): Promise<Buffer> {
  const scale = options.scale ?? 1;
  const flat = flatText(element, garment, scale);
  let image = await rasterise(flat.ink);
  if (options.distress) image = await distress(image, options.distress.amount, seededRandom(options.distress.seed), scale * options.distress.unit);
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).flatten({ background: flat.backdrop }).png({ compressionLevel: 1 }).toBuffer();
}
