import type { FontId } from './fonts.js';
import { lineShape, type Box, type TextShape } from './text-shapes.js';

/** Words split into `lineCount` lines of lengths as equal as possible (fewest characters on the longest). */
export function balancedLines(text: string, lineCount: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const count = Math.max(1, Math.min(lineCount, words.length));
  if (count === 1) return [words.join(' ')];
  let best: { lines: string[]; longest: number } | undefined;
  const choose = (start: number, remaining: number, lines: string[]) => {
    if (remaining === 1) {
      const all = [...lines, words.slice(start).join(' ')];
      const longest = Math.max(...all.map((line) => line.length));
      if (!best || longest < best.longest) best = { lines: all, longest };
      return;
    }
    for (let end = start + 1; end <= words.length - remaining + 1; end++)
      choose(end, remaining - 1, [...lines, words.slice(start, end).join(' ')]);
  };
  choose(0, count, []);
  return best!.lines;
}

/** How many lines a slogan reads best on: short ones on one line, long ones stacked up to `max`. */
export function lineCountFor(text: string, max = 4): number {
  const length = text.trim().length;
  const words = text.trim().split(/\s+/).length;
  return Math.max(1, Math.min(max, words, Math.ceil(length / 11)));
}

/** A line at `size` whose outline is centred on centreX with its top at `top`. */
export function placeLine(fontId: FontId, text: string, size: number, centreX: number, top: number, tracking = 0): TextShape {
  const probe = lineShape(fontId, text, 0, 0, size, tracking);
  return lineShape(fontId, text, centreX - (probe.box.x1 + probe.box.x2) / 2, top - probe.box.y1, size, tracking);
}

export interface StackOptions {
  /** Space between lines, as a share of the tallest line. */
  gap?: number;
  tracking?: number;
  /** No line taller than this share of the box height (one short word must not swallow the design). */
  maxLineShare?: number;
}

/**
 * Lines stacked in a box: each line as wide as the box, then the whole stack scaled down uniformly if it
 * is too tall, and centred vertically. Every outline ends up inside the box.
 */
export function stackLines(fontId: FontId, lines: string[], box: Box, options: StackOptions = {}): TextShape[] {
  const { gap = 0.12, tracking = 0, maxLineShare = 0.42 } = options;
  const boxWidth = box.x2 - box.x1;
  const boxHeight = box.y2 - box.y1;
  const measured = lines.map((text) => {
    const probe = lineShape(fontId, text, 0, 0, 100, tracking);
    const width = probe.box.x2 - probe.box.x1 || 1;
    const height = probe.box.y2 - probe.box.y1 || 1;
    const size = Math.min((100 * boxWidth) / width, (100 * boxHeight * maxLineShare) / height);
    return { text, size, height: (height * size) / 100 };
  });
  const tallest = Math.max(...measured.map((line) => line.height));
  const total = measured.reduce((sum, line) => sum + line.height, 0) + gap * tallest * (measured.length - 1);
  const shrink = Math.min(1, boxHeight / total);
  let top = box.y1 + (boxHeight - total * shrink) / 2;
  return measured.map((line) => {
    const shape = placeLine(fontId, line.text, line.size * shrink, (box.x1 + box.x2) / 2, top, tracking);
    top += line.height * shrink + gap * tallest * shrink;
    return shape;
  });
}
