import { arrangeScene, placedBox } from '../composition/arrangement.js';
import { drawScene } from '../composition/draw-scene.js';
import { balancedLines, lineCountFor, stackLines } from '../typography/layout.js';
import type { Direction, TextElement } from './direction.js';
import { box, circleBox, Drawing, union } from './drawing.js';
import { outlineWidth, raysPath, starPath } from './svg.js';
import { readableInk } from '../brief/palettes.js';

/** A: the slogan as big stacked lines, each as wide as the print, under the scene. */
export const boldStackedType: Direction = ({ brief, palette, font, scene, canvas, random, garment }) => {
  const { width, height } = canvas;
  const margin = width * 0.05;
  const stroke = width * 0.007;
  // Room the lines leave at each side (with the margin, about 11.5 in of a 15 in print): still the
  // biggest thing on the shirt, and each line reads as a word, to OCR too, not as a row of shapes.
  const side = width * 0.065;
  const drawing = new Drawing();
  const text = brief.slogan ?? brief.title;
  // Stacked means at least two lines once there are two words.
  const lines = balancedLines(text, Math.max(lineCountFor(text), Math.min(2, text.split(/\s+/).length)));
  let textTop: number;
  if (scene.subject) {
    // The picture balances the type: the more lines, the less room it takes.
    const share = brief.slogan ? 0.46 - 0.03 * Math.min(3, lines.length - 1) : 0.58;
    const wantsSun = !scene.setting && (brief.styles.includes('retro') || (brief.styles.length === 0 && random() < 0.35));
    const withSun = wantsSun ? { ...scene, setting: { kind: 'sun' as const, word: '' } } : scene;
    const placed = arrangeScene(withSun, box(margin, margin, width - margin, margin + height * share), 'above');
    const subject = placed.find((element) => element.role === 'subject')!;
    if (!withSun.setting && (brief.styles.some((style) => style === 'comic' || style === 'groovy') || random() < 0.3)) {
      const area = placedBox(subject);
      const size = area.x2 - area.x1;
      const [cx, cy] = [(area.x1 + area.x2) / 2, (area.y1 + area.y2) / 2];
      drawing.add(
        `<path d="${raysPath(cx, cy, size * 0.42, size * 0.6, 24, size * 0.09)}" fill="${palette.accent}"/>`,
        circleBox(cx, cy, size * 0.6),
      );
    }
    drawScene(drawing, placed, palette, { id: 'a' });
    textTop = union(placed.map(placedBox))!.y2 + height * 0.035;
  } else {
    // Typographic design: a row of stars crowns the slogan.
    const starSize = width * 0.035;
    for (const offset of [-2.6, 0, 2.6]) {
      const cx = width / 2 + offset * starSize;
      drawing.add(
        `<path d="${starPath(cx, margin + starSize, starSize)}" fill="${palette.accent}"/>`,
        circleBox(cx, margin + starSize, starSize),
      );
    }
    textTop = margin + starSize * 2.8;
  }
  const textBox = {
    x1: margin + stroke + side,
    y1: textTop + stroke,
    x2: width - margin - stroke - side,
    y2: height - margin - stroke - width * 0.005,
  };
  const shapes = stackLines(font, lines, textBox, { gap: 0.1, maxLineShare: brief.slogan ? 0.42 : 0.3 });
  const colours = random() < 0.5 ? [palette.ink, palette.second] : [palette.second, palette.ink];
  const textElements: TextElement[] = [];
  shapes.forEach((shape, index) => {
    const fill = readableInk(colours[index % 2]!, palette, garment);
    // An outline in the garment's colour is a knocked-out gap where letters cross the picture: it keeps
    // the letters' own shapes (a dark rim around a mid-tone fill reads as hollow letters). No offset
    // shadow: its second edge on every letter is what OCR misread most in whole designs (measured with
    // `npm run legibility`: 85.5% of lines found with it, 92.0% without and the lines a little narrower).
    const outline = garment;
    const width = outlineWidth(shape.size!, stroke * 2);
    drawing.ink(shape, { fill, stroke: outline, strokeWidth: width });
    textElements.push({
      text: lines[index]!,
      font,
      size: shape.size!,
      fill,
      outline: { colour: outline, width },
      curved: false,
    });
  });
  return { drawing, texts: lines, textElements, effects: {} };
};
