import { illustrationSvg } from '../illustration/emoji-svg.js';
import { AGED } from '../illustration/recolour.js';
import { supportFont } from '../typography/font-choice.js';
import { balancedLines, lineCountFor, stackLines } from '../typography/layout.js';
import { arcShape, capHeight, measureText } from '../typography/text-shapes.js';
import type { Direction, TextElement } from './direction.js';
import { box, circleBox, Drawing } from './drawing.js';
import { circle, outlineWidth, raysPath, starPath } from './svg.js';
import { readableInk } from '../brief/palettes.js';

/** D: arched headline, a sunburst medallion with the aged illustration, a fitted footer; worn texture after. */
export const vintageDistressed: Direction = ({ brief, palette, font, scene, canvas, random, garment }) => {
  const { width, height } = canvas;
  const margin = width * 0.05;
  const stroke = width * 0.006;
  const text = brief.slogan ?? brief.title;
  const words = text.split(/\s+/);
  const [archText, footerText = ''] = words.length >= 2 ? balancedLines(text, 2) : [text];
  const drawing = new Drawing();
  const textElements: TextElement[] = [];

  // The arch: text on a wide circle, fitted to about 110° of it and to the band height.
  const archRadius = width * 0.6;
  const archSpan = (85 / 180) * Math.PI;
  const archBand = height * 0.17;
  let archSize = Math.min((archBand * 0.9) / capHeight(font), (archSpan * archRadius) / Math.max(measureText(font, archText!, 0.02), 0.01));
  const archAt = (size: number, drop = 0) =>
    arcShape(font, archText!, {
      cx: width / 2,
      cy: margin + stroke + archRadius + capHeight(font) * size + drop,
      radius: archRadius,
      size,
      side: 'top',
      tracking: 0.02,
    });
  let arch = archAt(archSize);
  const spread = arch.box.x2 - arch.box.x1;
  if (spread > width - 2 * (margin + stroke)) {
    archSize *= (width - 2 * (margin + stroke)) / spread;
    arch = archAt(archSize);
  }
  // Faces with letters taller than their capitals (Rye's swashes, accents) rise above the cap height the
  // arch was placed by: lower it to its real top.
  const overshoot = margin + stroke - arch.box.y1;
  if (overshoot > 0) arch = archAt(archSize, overshoot);
  const archInk = readableInk(palette.ink, palette, garment);
  const archWidth = outlineWidth(archSize, stroke * 2);
  drawing.ink(arch, { fill: archInk, stroke: garment, strokeWidth: archWidth });
  textElements.push({
    text: archText!,
    font,
    size: arch.size!,
    fill: archInk,
    outline: { colour: garment, width: archWidth },
    curved: true,
  });

  // The medallion under the arch.
  const medallionTop = arch.box.y2 + height * 0.02;
  const medallion = Math.min(width * 0.3, height * 0.2);
  const cy = medallionTop + medallion;
  const cx = width / 2;
  drawing.add(
    `<path d="${raysPath(cx, cy, medallion * 0.75, medallion, 36, medallion * 0.12)}" fill="${palette.second}"/>`,
    circleBox(cx, cy, medallion),
  );
  drawing.add(circle(cx, cy, medallion * 0.8, palette.accent), circleBox(cx, cy, medallion * 0.8));
  drawing.add(
    circle(cx, cy, medallion * 0.72, 'none', `stroke="${palette.paper}" stroke-width="${(medallion * 0.025).toFixed(1)}"`),
    circleBox(cx, cy, medallion * 0.74),
  );
  if (scene.subject) {
    const size = medallion * 1.15;
    drawing.add(
      illustrationSvg(scene.subject, cx - size / 2, cy - size / 2, size, { recolour: AGED }),
      box(cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2),
    );
  } else {
    drawing.add(`<path d="${starPath(cx, cy, medallion * 0.5)}" fill="${palette.paper}"/>`, circleBox(cx, cy, medallion * 0.5));
  }

  // Footer: the rest of the slogan (or the tagline), between two rules.
  let cursor = cy + medallion + height * 0.03;
  const footer = footerText || brief.tagline || '';
  // Small worn lines in a wide or script face stop reading: the footer takes the compact support face.
  const footerFont = supportFont(font);
  if (footer) {
    const footerBox = {
      x1: margin + stroke,
      y1: cursor + stroke,
      x2: width - margin - stroke,
      y2: Math.min(height - margin - height * 0.06, cursor + height * 0.26),
    };
    const shapes = stackLines(footerFont, balancedLines(footer, lineCountFor(footer, 2)), footerBox, { gap: 0.1, maxLineShare: 0.8 });
    const footerLines = balancedLines(footer, lineCountFor(footer, 2));
    shapes.forEach((shape, index) => {
      const width = outlineWidth(shape.size!, stroke * 2);
      const fill = readableInk(palette.second, palette, garment);
      drawing.ink(shape, { fill, stroke: garment, strokeWidth: width });
      textElements.push({
        text: footerLines[index]!,
        font: footerFont,
        size: shape.size!,
        fill,
        outline: { colour: garment, width },
        curved: false,
      });
    });
    cursor = Math.max(...shapes.map((shape) => shape.box.y2)) + height * 0.025;
  }
  const ruleY = Math.min(cursor, height - margin - height * 0.03);
  const ruleWidth = width * 0.28;
  const ruleHeight = height * 0.006;
  const starSize = height * 0.014;
  for (const left of [cx - starSize * 2 - ruleWidth, cx + starSize * 2]) {
    drawing.add(
      `<rect x="${left.toFixed(1)}" y="${(ruleY - ruleHeight / 2).toFixed(1)}" width="${ruleWidth.toFixed(1)}" height="${ruleHeight.toFixed(1)}" fill="${palette.ink}"/>`,
      box(left, ruleY - ruleHeight / 2, left + ruleWidth, ruleY + ruleHeight / 2),
    );
  }
  drawing.add(
    `<path d="${starPath(cx, ruleY, starSize, starSize * 0.45, random() * 0.2)}" fill="${palette.ink}"/>`,
    circleBox(cx, ruleY, starSize),
  );
  return { drawing, texts: [archText!, footer].filter(Boolean), textElements, effects: { distress: { amount: 0.3 + random() * 0.15 } } };
};
