import type { Font, Glyph } from 'opentype.js';
import { FONT_FACES, loadFont, type FontId } from './fonts.js';

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Text turned into one SVG path (absolute coordinates), with the box around every point of it. */
export interface TextShape {
  d: string;
  box: Box;
  /** The font size it was set at (px). */
  size?: number;
}

interface PathCommand {
  type: 'M' | 'L' | 'C' | 'Q' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}

type Point = [number, number];
type PointMap = (x: number, y: number) => Point;

/** Faces that draw almost every Latin letter, used for a character the display face lacks. */
const FALLBACK_FONTS: FontId[] = ['fredoka', 'anton'];

interface PlacedGlyph {
  glyph: Glyph;
  font: Font;
  /** Left edge in em units from the start of the line. */
  offset: number;
}

/** Lays the glyphs out by hand (advance + kerning): opentype.js's own shaping throws on some faces. */
function placeGlyphs(fontId: FontId, text: string, tracking: number): { glyphs: PlacedGlyph[]; width: number } {
  const primary = loadFont(fontId);
  const glyphs: PlacedGlyph[] = [];
  let cursor = 0;
  let previous: PlacedGlyph | undefined;
  // A caps-only face's lowercase glyphs are small capitals with odd shapes (Luckiest Guy's 'e' reads as a
  // 'c'): it is set with its real capitals.
  const chars = Array.from(FONT_FACES[fontId].capsOnly ? text.toUpperCase() : text);
  for (const char of chars) {
    const font =
      primary.hasChar(char) || char === ' '
        ? primary
        : (FALLBACK_FONTS.map(loadFont).find((candidate) => candidate.hasChar(char)) ?? primary);
    const glyph = font.charToGlyph(char);
    if (previous && previous.font === font) {
      const kerning = font.getKerningValue(previous.glyph, glyph);
      if (Number.isFinite(kerning)) cursor += kerning / font.unitsPerEm;
    }
    const placed = { glyph, font, offset: cursor };
    glyphs.push(placed);
    cursor += (glyph.advanceWidth ?? font.unitsPerEm * 0.5) / font.unitsPerEm + (char === ' ' ? 0 : tracking);
    previous = placed;
  }
  return { glyphs, width: Math.max(0, cursor - (text.endsWith(' ') ? 0 : tracking)) };
}

/** The advance width of `text` at font size 1. */
export function measureText(fontId: FontId, text: string, tracking = 0): number {
  return placeGlyphs(fontId, text, tracking).width;
}

/** Ascent of capitals at font size 1 (what a line of display type visibly occupies above the baseline). */
export function capHeight(fontId: FontId): number {
  const font = loadFont(fontId);
  return (font.tables.os2?.sCapHeight || font.ascender * 0.7) / font.unitsPerEm;
}

function commandsToPath(commandsPerGlyph: PathCommand[][], map: PointMap): TextShape {
  const box: Box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  const parts: string[] = [];
  const point = (x: number, y: number) => {
    const [px, py] = map(x, y);
    box.x1 = Math.min(box.x1, px);
    box.y1 = Math.min(box.y1, py);
    box.x2 = Math.max(box.x2, px);
    box.y2 = Math.max(box.y2, py);
    return `${px.toFixed(1)} ${py.toFixed(1)}`;
  };
  for (const commands of commandsPerGlyph) {
    for (const command of commands) {
      if (command.type === 'Z') parts.push('Z');
      else if (command.type === 'M' || command.type === 'L') parts.push(`${command.type}${point(command.x!, command.y!)}`);
      else if (command.type === 'Q') parts.push(`Q${point(command.x1!, command.y1!)} ${point(command.x!, command.y!)}`);
      else parts.push(`C${point(command.x1!, command.y1!)} ${point(command.x2!, command.y2!)} ${point(command.x!, command.y!)}`);
    }
  }
  if (!Number.isFinite(box.x1)) return { d: '', box: { x1: 0, y1: 0, x2: 0, y2: 0 } };
  return { d: parts.join(''), box };
}

/** A straight line of text: left edge at x, baseline at y. */
export function lineShape(fontId: FontId, text: string, x: number, baseline: number, size: number, tracking = 0): TextShape {
  const { glyphs } = placeGlyphs(fontId, text, tracking);
  const commands = glyphs.map(({ glyph, offset }) => glyph.getPath(x + offset * size, baseline, size).commands as PathCommand[]);
  return { ...commandsToPath(commands, (px, py) => [px, py]), size };
}

export interface ArcOptions {
  cx: number;
  cy: number;
  /** Radius of the baseline. */
  radius: number;
  size: number;
  /** 'top': reads clockwise over the top, letters standing outward; 'bottom': reads left to right under the centre, letters upright. */
  side: 'top' | 'bottom';
  tracking?: number;
}

/** Text set on a circle, centred on the top or the bottom of it (badges, arched headers). */
export function arcShape(fontId: FontId, text: string, options: ArcOptions): TextShape {
  const { cx, cy, radius, size, side, tracking = 0 } = options;
  const { glyphs, width } = placeGlyphs(fontId, text, tracking);
  const commands: PathCommand[][] = [];
  const maps: PointMap[] = [];
  for (const { glyph, font, offset } of glyphs) {
    const advance = ((glyph.advanceWidth ?? font.unitsPerEm * 0.5) / font.unitsPerEm) * size;
    const glyphCentre = offset * size + advance / 2 - (width * size) / 2;
    // Glyph drawn around its own centre at the origin, then rotated onto the circle.
    commands.push(glyph.getPath(-advance / 2, 0, size).commands as PathCommand[]);
    if (side === 'top') {
      const angle = glyphCentre / radius; // 0 = straight up
      maps.push((x, y) => {
        const px = x;
        const py = y - radius;
        return [cx + px * Math.cos(angle) - py * Math.sin(angle), cy + px * Math.sin(angle) + py * Math.cos(angle)];
      });
    } else {
      // Baseline on the circle, letters hanging inward-upright: the cap top points to the centre.
      const angle = -glyphCentre / radius; // 0 = straight down
      maps.push((x, y) => {
        const px = x;
        const py = y + radius;
        return [cx + px * Math.cos(angle) - py * Math.sin(angle), cy + px * Math.sin(angle) + py * Math.cos(angle)];
      });
    }
  }
  const perGlyph = commands.map((glyphCommands, index) => commandsToPath([glyphCommands], maps[index]!));
  return { ...mergeShapes(perGlyph), size };
}

export function mergeShapes(shapes: TextShape[]): TextShape {
  const drawn = shapes.filter((shape) => shape.d);
  if (drawn.length === 0) return { d: '', box: { x1: 0, y1: 0, x2: 0, y2: 0 } };
  return {
    d: drawn.map((shape) => shape.d).join(''),
    box: {
      x1: Math.min(...drawn.map((shape) => shape.box.x1)),
      y1: Math.min(...drawn.map((shape) => shape.box.y1)),
      x2: Math.max(...drawn.map((shape) => shape.box.x2)),
      y2: Math.max(...drawn.map((shape) => shape.box.y2)),
    },
  };
}
