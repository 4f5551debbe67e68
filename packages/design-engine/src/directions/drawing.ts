import type { Box, TextShape } from '../typography/text-shapes.js';
import { inked, type Ink } from './svg.js';

export type { Box };

export const box = (x1: number, y1: number, x2: number, y2: number): Box => ({ x1, y1, x2, y2 });
export const squareBox = (x: number, y: number, size: number): Box => box(x, y, x + size, y + size);
export const circleBox = (cx: number, cy: number, r: number): Box => box(cx - r, cy - r, cx + r, cy + r);
export const grow = (b: Box, by: number): Box => box(b.x1 - by, b.y1 - by, b.x2 + by, b.y2 + by);
export const shift = (b: Box, dx: number, dy: number): Box => box(b.x1 + dx, b.y1 + dy, b.x2 + dx, b.y2 + dy);

export function union(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  return box(
    Math.min(...boxes.map((b) => b.x1)),
    Math.min(...boxes.map((b) => b.y1)),
    Math.max(...boxes.map((b) => b.x2)),
    Math.max(...boxes.map((b) => b.y2)),
  );
}

export const inside = (inner: Box, outer: Box, tolerance = 0.5): boolean =>
  inner.x1 >= outer.x1 - tolerance &&
  inner.y1 >= outer.y1 - tolerance &&
  inner.x2 <= outer.x2 + tolerance &&
  inner.y2 <= outer.y2 + tolerance;

/** A uniform scale then a move: what fitting a drawing into its safe area does to every point. */
export interface Placement {
  scale: number;
  dx: number;
  dy: number;
}

export const IDENTITY: Placement = { scale: 1, dx: 0, dy: 0 };

export const place = (b: Box, p: Placement): Box =>
  box(b.x1 * p.scale + p.dx, b.y1 * p.scale + p.dy, b.x2 * p.scale + p.dx, b.y2 * p.scale + p.dy);

/**
 * The vector artwork of one variant, element by element, each with the box it really covers (outline,
 * shadow and all). Knowing every box is what lets the whole drawing be fitted into the safe area
 * instead of being clipped by the canvas edge.
 */
export class Drawing {
  private readonly parts: string[] = [];
  private readonly definitions: string[] = [];
  private readonly covered: Box[] = [];

  /** Any SVG element and the box it covers. */
  add(svg: string, covers: Box): this {
    if (!svg) return this;
    this.parts.push(svg);
    this.covered.push(covers);
    return this;
  }

  defs(svg: string): this {
    this.definitions.push(svg);
    return this;
  }

  /** A path (text or shape) with its outline; `offset` moves it (drop shadows). */
  ink(shape: TextShape, ink: Ink, offset?: { dx: number; dy: number }): this {
    const transform = offset ? `translate(${offset.dx.toFixed(1)} ${offset.dy.toFixed(1)})` : '';
    const outline = ink.stroke && ink.strokeWidth ? ink.strokeWidth / 2 : 0;
    return this.add(inked(shape, ink, transform), shift(grow(shape.box, outline), offset?.dx ?? 0, offset?.dy ?? 0));
  }

  get boxes(): readonly Box[] {
    return this.covered;
  }

  get bounds(): Box | undefined {
    return union(this.covered);
  }

  get body(): string {
    return this.parts.join('');
  }

  get defsSvg(): string {
    return this.definitions.join('');
  }
}

/**
 * Where the drawing goes so that all of it sits inside `safe`: left alone when it already does,
 * otherwise scaled down (never up) and centred in it. Fitted, never clipped.
 */
export function fitInto(bounds: Box | undefined, safe: Box): Placement {
  if (!bounds || inside(bounds, safe, 0)) return IDENTITY;
  const width = bounds.x2 - bounds.x1;
  const height = bounds.y2 - bounds.y1;
  const scale = Math.min(1, (safe.x2 - safe.x1) / width, (safe.y2 - safe.y1) / height);
  const dx = (safe.x1 + safe.x2) / 2 - ((bounds.x1 + bounds.x2) / 2) * scale;
  const dy = (safe.y1 + safe.y2) / 2 - ((bounds.y1 + bounds.y2) / 2) * scale;
  return { scale, dx, dy };
}
