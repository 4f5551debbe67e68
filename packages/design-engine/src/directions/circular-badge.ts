import { arrangeScene } from '../composition/arrangement.js';
import { drawScene } from '../composition/draw-scene.js';
import type { FontId } from '../typography/fonts.js';
import { supportFont } from '../typography/font-choice.js';
import { balancedLines } from '../typography/layout.js';
import { arcShape, capHeight, measureText, type TextShape } from '../typography/text-shapes.js';
import type { Direction, TextElement } from './direction.js';
import { box, circleBox, Drawing } from './drawing.js';
import { circle, starPath } from './svg.js';

const TOP_SPAN = (200 / 180) * Math.PI;
const BOTTOM_SPAN = (130 / 180) * Math.PI;

/** The size that fits `text` in a ring band of `band` px along an arc of `span` radians. */
function ringSize(font: FontId, text: string, band: number, radius: number, span: number, tracking: number): number {
  const byHeight = (band * 0.62) / capHeight(font);
  const byLength = (span * radius) / Math.max(measureText(font, text, tracking), 0.01);
  return Math.min(byHeight, byLength);
}

/** B: a round emblem, the slogan set on the ring around the illustration. */
export const circularBadge: Direction = ({ brief, palette, font, scene, canvas, random, dark }) => {
  const { width, height } = canvas;
  const cx = width / 2;
  const cy = height / 2;
  const outer = width * 0.46;
  const inner = outer * 0.66;
  const band = outer * 0.93 - inner * 1.04;
  const ringFont = supportFont(font);
  const tracking = 0.06;
  const upper = (text: string) => (ringFont === font ? text : text.toUpperCase());

  // The slogan goes on top; a long one is split over the top and the bottom of the ring.
  let top = upper(brief.slogan ?? brief.title);
  let bottom = brief.slogan ? upper(brief.tagline ?? (brief.title !== 'Good Vibes' ? brief.title : '')) : upper(brief.tagline ?? '');
  const midRadius = inner * 1.04 + band / 2;
  if (ringSize(ringFont, top, band, midRadius, TOP_SPAN, tracking) < band * 0.42 && top.includes(' ')) {
    const [first, second] = balancedLines(top, 2);
    top = first!;
    bottom = second!;
  }
  const topSize = ringSize(ringFont, top, band, midRadius, TOP_SPAN, tracking);
  const bottomSize = bottom ? Math.min(topSize, ringSize(ringFont, bottom, band, midRadius, BOTTOM_SPAN, tracking)) : 0;
  const capTop = capHeight(ringFont) * topSize;
  const capBottom = capHeight(ringFont) * bottomSize;
  const bandInner = inner * 1.04;
  const topText: TextShape = arcShape(ringFont, top, {
    cx,
    cy,
    radius: bandInner + (band - capTop) / 2,
    size: topSize,
    side: 'top',
    tracking,
  });
  const bottomText: TextShape | undefined = bottom
    ? arcShape(ringFont, bottom, { cx, cy, radius: bandInner + band - (band - capBottom) / 2, size: bottomSize, side: 'bottom', tracking })
    : undefined;

  // On a dark garment a dark ring would vanish: the ring takes the light ink and dark letters.
  const ringColour = dark ? palette.ink : palette.outline;
  const letterColour = dark ? palette.outline : palette.paper;
  const drawing = new Drawing();
  const ringBox = circleBox(cx, cy, outer);
  drawing.add(circle(cx, cy, outer, ringColour), ringBox);
  drawing.add(circle(cx, cy, outer * 0.955, 'none', `stroke="${palette.second}" stroke-width="${(outer * 0.022).toFixed(1)}"`), ringBox);
  drawing.add(circle(cx, cy, inner, palette.paper), circleBox(cx, cy, inner));
  drawing.add(
    circle(cx, cy, inner, 'none', `stroke="${palette.second}" stroke-width="${(outer * 0.035).toFixed(1)}"`),
    circleBox(cx, cy, inner + outer * 0.018),
  );
  drawing.ink(topText, { fill: letterColour });
  if (bottomText) drawing.ink(bottomText, { fill: letterColour });
  const textElements: TextElement[] = [
    { text: top, font: ringFont, size: topText.size!, fill: letterColour, backdrop: ringColour, curved: true },
  ];
  if (bottomText)
    textElements.push({ text: bottom, font: ringFont, size: bottomText.size!, fill: letterColour, backdrop: ringColour, curved: true });
  // Stars where the top and bottom texts meet.
  const starRadius = band * 0.2;
  for (const side of [-1, 1]) {
    const angle = side * (TOP_SPAN / 2 + (2 * Math.PI - TOP_SPAN - BOTTOM_SPAN) / 4);
    const [x, y] = [cx + midRadius * Math.sin(angle), cy - midRadius * Math.cos(angle)];
    drawing.add(`<path d="${starPath(x, y, starRadius)}" fill="${palette.second}"/>`, circleBox(x, y, starRadius));
  }
  if (scene.subject) {
    // Centred in the medallion, props at its sides, all clear of the ring text.
    drawScene(
      drawing,
      arrangeScene(scene, box(cx - inner * 0.8, cy - inner * 0.62, cx + inner * 0.8, cy + inner * 0.62), 'centred'),
      palette,
      { id: 'b' },
    );
  } else {
    // No picture: a big initial-free emblem of stars, so the centre is never empty.
    const starSize = inner * 0.5;
    drawing.ink(
      { d: starPath(cx, cy, starSize, starSize * 0.45, random() * 0.3), box: circleBox(cx, cy, starSize) },
      { fill: palette.accent, stroke: palette.outline, strokeWidth: outer * 0.02 },
    );
  }
  return { drawing, texts: [top, bottom].filter(Boolean), textElements, effects: {} };
};
