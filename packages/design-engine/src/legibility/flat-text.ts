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
  const shadow = element.shadow
    ? { ...element.shadow, dx: element.shadow.dx * scale, dy: element.shadow.dy * scale, outline: element.shadow.outline * scale }
    : undefined;
  // Room for the outline, the shadow and a quiet zone of half a line around the letters.
  const pad = Math.max(outline, shadow?.outline ?? 0) + size * 0.5;
  const left = pad - probe.box.x1;
  const baseline = pad - probe.box.y1;
  const shape = lineShape(element.font, element.text, left, baseline, size);
  const width = Math.ceil(probe.box.x2 - probe.box.x1 + 2 * pad + (shadow?.dx ?? 0));
  const height = Math.ceil(probe.box.y2 - probe.box.y1 + 2 * pad + (shadow?.dy ?? 0));
  const parts: string[] = [];
  if (shadow)
    parts.push(
      inked(
        shape,
        { fill: shadow.colour, stroke: shadow.colour, strokeWidth: shadow.outline },
        `translate(${shadow.dx.toFixed(1)} ${shadow.dy.toFixed(1)})`,
      ),
    );
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
 * image a legibility check hands to OCR. The wear is made at no less than a quarter of print size (its
 * finest specks are a few pixels there, as on the print) and then scaled down to `scale`, the way a
 * screen shows the print file; wearing the small image directly would blow the specks up to whole
 * pixels and wear small text far harder than the print is worn.
 */
export async function flatTextPng(
  element: TextElement,
  garment: string,
  options: { scale?: number; distress?: { amount: number; seed: string; unit: number } } = {},
): Promise<Buffer> {
  const scale = options.scale ?? 1;
  const wearScale = options.distress ? Math.max(scale, WEAR_SCALE / options.distress.unit) : scale;
  const flat = flatText(element, garment, wearScale);
  let image = await rasterise(flat.ink);
  if (options.distress)
    image = await distress(image, options.distress.amount, seededRandom(options.distress.seed), wearScale * options.distress.unit);
  const worn = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).flatten({ background: flat.backdrop });
  if (wearScale === scale) return worn.png({ compressionLevel: 1 }).toBuffer();
  const shown = flatText(element, garment, scale);
  return sharp(await worn.raw().toBuffer(), { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(shown.width, shown.height, { fit: 'fill', kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The least share of print size the wear is made at (see flatTextPng). */
const WEAR_SCALE = 0.25;
