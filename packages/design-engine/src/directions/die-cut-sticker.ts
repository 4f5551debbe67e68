import { illustrationSvg } from '../illustration/emoji-svg.js';
import { balancedLines, lineCountFor, stackLines } from '../typography/layout.js';
import type { Direction } from './direction.js';
import { inked, outlineFor, svgDocument } from './svg.js';

/** C: a playful sticker, illustration over rounded lettering; the white die-cut outline is added after. */
export const dieCutSticker: Direction = ({ brief, palette, font, illustrations, canvas, random }) => {
  const { width, height } = canvas;
  const cut = width * 0.045;
  const margin = width * 0.06 + cut * 1.6;
  const stroke = width * 0.016;
  const parts: string[] = [];
  const texts: string[] = [];
  const [main, second] = illustrations;
  const text = brief.slogan ?? (main ? '' : brief.title);
  let textTop = margin;
  if (main) {
    const size = text ? (height - 2 * margin) * 0.6 : height - 2 * margin;
    parts.push(illustrationSvg(main, (width - size) / 2, margin, size));
    if (second && text) {
      const small = size * 0.36;
      const left = random() < 0.5;
      parts.push(illustrationSvg(second, left ? (width - size) / 2 - small * 0.35 : (width + size) / 2 - small * 0.65, margin + size - small * 0.9, small));
    }
    textTop = margin + size - stroke * 2;
  }
  if (text) {
    const box = { x1: margin + stroke, y1: textTop + stroke, x2: width - margin - stroke, y2: height - margin - stroke };
    texts.push(...balancedLines(text, lineCountFor(text, 3)));
    const shapes = stackLines(font, texts, box, { gap: 0.06, maxLineShare: main ? 0.75 : 0.45 });
    const colours = [palette.ink, palette.second];
    shapes.forEach((shape, index) => parts.push(inked(shape, { fill: colours[index % 2]!, stroke: outlineFor(colours[index % 2]!, palette), strokeWidth: stroke * 2 })));
  }
  return { svg: svgDocument(width, height, parts.join('')), texts, effects: { dieCut: { radius: cut } } };
};
