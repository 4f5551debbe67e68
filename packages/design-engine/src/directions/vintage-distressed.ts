import { illustrationSvg } from '../illustration/emoji-svg.js';
import { AGED } from '../illustration/recolour.js';
import { supportFont } from '../typography/font-choice.js';
import { balancedLines, lineCountFor, stackLines } from '../typography/layout.js';
import { arcShape, capHeight, measureText } from '../typography/text-shapes.js';
import type { Direction } from './direction.js';
import { circle, inked, outlineFor, raysPath, starPath, svgDocument } from './svg.js';


/** D: arched headline, a sunburst medallion with the aged illustration, a fitted footer; worn texture after. */
export const vintageDistressed: Direction = ({ brief, palette, font, illustrations, canvas, random }) => {
  const { width, height } = canvas;
  const margin = width * 0.05;
  const stroke = width * 0.01;
  const text = brief.slogan ?? brief.title;
  const words = text.split(/\s+/);
  const [archText, footerText = ''] = words.length >= 2 ? balancedLines(text, 2) : [text];
  const parts: string[] = [];

  // The arch: text on a wide circle, fitted to about 110° of it and to the band height.
  const archRadius = width * 0.6;
  const archSpan = (85 / 180) * Math.PI;
  const archBand = height * 0.17;
  let archSize = Math.min((archBand * 0.9) / capHeight(font), (archSpan * archRadius) / Math.max(measureText(font, archText!, 0.02), 0.01));
  const archAt = (size: number) => arcShape(font, archText!, { cx: width / 2, cy: margin + stroke + archRadius + capHeight(font) * size, radius: archRadius, size, side: 'top', tracking: 0.02 });
  let arch = archAt(archSize);
  const spread = arch.box.x2 - arch.box.x1;
  if (spread > width - 2 * (margin + stroke)) {
    archSize *= (width - 2 * (margin + stroke)) / spread;
    arch = archAt(archSize);
  }
  parts.push(inked(arch, { fill: palette.ink, stroke: outlineFor(palette.ink, palette), strokeWidth: stroke * 2 }));

  // The medallion under the arch.
  const medallionTop = arch.box.y2 + height * 0.02;
  const medallion = Math.min(width * 0.3, height * 0.2);
  const cy = medallionTop + medallion;
  const cx = width / 2;
  parts.push(inked(raysPath(cx, cy, medallion * 0.75, medallion, 36, medallion * 0.12), { fill: palette.second }));
  parts.push(circle(cx, cy, medallion * 0.8, palette.accent));
  parts.push(circle(cx, cy, medallion * 0.72, 'none', `stroke="${palette.paper}" stroke-width="${(medallion * 0.025).toFixed(1)}"`));
  const illustration = illustrations[0];
  if (illustration) {
    const size = medallion * 1.15;
    parts.push(illustrationSvg(illustration, cx - size / 2, cy - size / 2, size, { recolour: AGED }));
  } else {
    parts.push(inked(starPath(cx, cy, medallion * 0.5), { fill: palette.paper }));
  }

  // Footer: the rest of the slogan (or the tagline), between two rules.
  let cursor = cy + medallion + height * 0.03;
  const footer = footerText || brief.tagline || '';
  const footerFont = footerText ? font : supportFont(font);
  if (footer) {
    const box = { x1: margin + stroke, y1: cursor + stroke, x2: width - margin - stroke, y2: Math.min(height - margin - height * 0.06, cursor + height * 0.26) };
    const shapes = stackLines(footerFont, balancedLines(footer, lineCountFor(footer, 2)), box, { gap: 0.1, maxLineShare: 0.8 });
    for (const shape of shapes) parts.push(inked(shape, { fill: palette.second, stroke: palette.outline, strokeWidth: stroke * 2 }));
    cursor = Math.max(...shapes.map((shape) => shape.box.y2)) + height * 0.025;
  }
  const ruleY = Math.min(cursor, height - margin - height * 0.03);
  const ruleWidth = width * 0.28;
  const ruleHeight = height * 0.006;
  const starSize = height * 0.014;
  parts.push(`<rect x="${(cx - starSize * 2 - ruleWidth).toFixed(1)}" y="${(ruleY - ruleHeight / 2).toFixed(1)}" width="${ruleWidth.toFixed(1)}" height="${ruleHeight.toFixed(1)}" fill="${palette.ink}"/>`);
  parts.push(`<rect x="${(cx + starSize * 2).toFixed(1)}" y="${(ruleY - ruleHeight / 2).toFixed(1)}" width="${ruleWidth.toFixed(1)}" height="${ruleHeight.toFixed(1)}" fill="${palette.ink}"/>`);
  parts.push(inked(starPath(cx, ruleY, starSize, starSize * 0.45, random() * 0.2), { fill: palette.ink }));

  return { svg: svgDocument(width, height, parts.join('')), texts: [archText!, footer].filter(Boolean), effects: { distress: { amount: 0.5 + random() * 0.25 } } };
};
