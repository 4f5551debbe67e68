import { arrangeScene, placedBox } from '../composition/arrangement.js';
import { drawScene } from '../composition/draw-scene.js';
import { balancedLines, lineCountFor, stackLines } from '../typography/layout.js';
import type { Direction, TextElement } from './direction.js';
import { box, Drawing, union } from './drawing.js';
import { outlineWidth } from './svg.js';
import { readableInk } from '../brief/palettes.js';

/** C: a playful sticker, the scene huddled over rounded lettering; the white die-cut outline is added after. */
export const dieCutSticker: Direction = ({ brief, palette, font, scene, canvas, garment }) => {
  const { width, height } = canvas;
  const cut = width * 0.045;
  const margin = width * 0.06 + cut * 1.6;
  const stroke = width * 0.009;
  const drawing = new Drawing();
  const texts: string[] = [];
  const textElements: TextElement[] = [];
  const text = brief.slogan ?? (scene.subject ? '' : brief.title);
  let textTop = margin;
  if (scene.subject) {
    const share = text ? 0.6 : 1;
    const placed = arrangeScene(scene, box(margin, margin, width - margin, margin + (height - 2 * margin) * share), 'grouped');
    drawScene(drawing, placed, palette, { id: 'c' });
    textTop = union(placed.map(placedBox))!.y2 - stroke * 2;
  }
  if (text) {
    const textBox = { x1: margin + stroke, y1: textTop + stroke, x2: width - margin - stroke, y2: height - margin - stroke };
    texts.push(...balancedLines(text, lineCountFor(text, 3)));
    const shapes = stackLines(font, texts, textBox, { gap: 0.06, maxLineShare: scene.subject ? 0.75 : 0.45 });
    const colours = [palette.ink, palette.second];
    shapes.forEach((shape, index) => {
      const fill = readableInk(colours[index % 2]!, palette, garment);
      // The white die-cut already rims the lettering; its own outline is a gap of backing colour.
      const outline = garment;
      const width = outlineWidth(shape.size!, stroke * 2);
      drawing.ink(shape, { fill, stroke: outline, strokeWidth: width });
      textElements.push({ text: texts[index]!, font, size: shape.size!, fill, outline: { colour: outline, width }, curved: false });
    });
  }
  return { drawing, texts, textElements, effects: { dieCut: { radius: cut } } };
};
