import { illustrationSvg } from '../illustration/emoji-svg.js';
import { balancedLines, lineCountFor, stackLines } from '../typography/layout.js';
import type { Direction } from './direction.js';
import { inked, outlineFor, raysPath, starPath, stripedSun, svgDocument } from './svg.js';

/** A: the slogan as big stacked lines, each as wide as the print, under the illustration. */
export const boldStackedType: Direction = ({ brief, palette, font, illustrations, canvas, random }) => {
  const { width, height } = canvas;
  const margin = width * 0.05;
  const stroke = width * 0.012;
  const shadow = width * 0.014;
  const parts: string[] = [];
  let defs = '';
  let textTop: number;
  const illustration = illustrations[0];
  if (illustration) {
    const size = brief.slogan ? Math.min(width * 0.52, height * 0.4) : Math.min(width * 0.7, height * 0.55);
    const x = (width - size) / 2;
    const y = margin + size * 0.04;
    const cx = width / 2;
    const cy = y + size / 2;
    const wantsSun = brief.styles.includes('retro') || brief.subjects.includes('sunset') || (brief.styles.length === 0 && random() < 0.35);
    if (wantsSun) {
      const sun = stripedSun('sun', cx, cy, size * 0.58, [palette.second, palette.accent]);
      defs += sun.defs;
      parts.push(sun.body);
    } else if (brief.styles.some((style) => style === 'comic' || style === 'groovy') || random() < 0.3) {
      parts.push(inked(raysPath(cx, cy, size * 0.42, size * 0.6, 24, size * 0.09), { fill: palette.accent }));
    }
    parts.push(illustrationSvg(illustration, x, y, size));
    textTop = y + size + height * 0.035;
  } else {
    // Typographic design: a row of stars crowns the slogan.
    const starSize = width * 0.035;
    for (const offset of [-2.6, 0, 2.6]) parts.push(inked(starPath(width / 2 + offset * starSize, margin + starSize, starSize), { fill: palette.accent }));
    textTop = margin + starSize * 2.8;
  }
  const text = brief.slogan ?? brief.title;
  const box = { x1: margin + stroke + shadow, y1: textTop + stroke, x2: width - margin - stroke - shadow, y2: height - margin - stroke - shadow };
  // Stacked means at least two lines once there are two words.
  const lines = balancedLines(text, Math.max(lineCountFor(text), Math.min(2, text.split(/\s+/).length)));
  const shapes = stackLines(font, lines, box, { gap: 0.1, maxLineShare: brief.slogan ? 0.42 : 0.3 });
  const colours = random() < 0.5 ? [palette.ink, palette.second] : [palette.second, palette.ink];
  shapes.forEach((shape, index) => {
    parts.push(inked(shape, { fill: palette.accent, stroke: palette.accent, strokeWidth: stroke * 2 }, `translate(${shadow.toFixed(1)} ${shadow.toFixed(1)})`));
    parts.push(inked(shape, { fill: colours[index % 2]!, stroke: outlineFor(colours[index % 2]!, palette), strokeWidth: stroke * 2 }));
  });
  return { svg: svgDocument(width, height, parts.join(''), defs), texts: lines, effects: {} };
};
