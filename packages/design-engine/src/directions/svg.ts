import type { TextShape } from '../typography/text-shapes.js';

export function svgDocument(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export interface Ink {
  fill: string;
  stroke?: string;
  strokeWidth?: number;
}

/** Text (or any path) with an outline drawn behind its fill, so the outline never eats the letters. */
export function inked(shape: TextShape | string, ink: Ink, transform = ''): string {
  const d = typeof shape === 'string' ? shape : shape.d;
  if (!d) return '';
  const stroke =
    ink.stroke && ink.strokeWidth
      ? ` stroke="${ink.stroke}" stroke-width="${ink.strokeWidth.toFixed(1)}" stroke-linejoin="round" paint-order="stroke"`
      : '';
  return `<path d="${d}" fill="${ink.fill}"${stroke}${transform ? ` transform="${transform}"` : ''}/>`;
}

/** The outline colour for text filled with `fill`: the palette's outline, or paper when they are the same ink. */
export function outlineFor(fill: string, palette: { outline: string; paper: string }): string {
  return fill.toLowerCase() === palette.outline.toLowerCase() ? palette.paper : palette.outline;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" ${extra}/>`;
}

/** A five-pointed star as a path. */
export function starPath(cx: number, cy: number, outer: number, inner = outer * 0.45, rotation = 0): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = rotation + (Math.PI / 5) * index - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join('L')}Z`;
}

/** Rays around a centre (sunburst), as one path. */
export function raysPath(cx: number, cy: number, inner: number, outer: number, count: number, width: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) {
    const angle = (2 * Math.PI * index) / count;
    const half = width / 2;
    const point = (radius: number, offset: number) => {
      const along = angle + offset / radius;
      return `${(cx + radius * Math.cos(along)).toFixed(1)} ${(cy + radius * Math.sin(along)).toFixed(1)}`;
    };
    parts.push(`M${point(inner, -half * 0.4)}L${point(outer, -half)}L${point(outer, half)}L${point(inner, half * 0.4)}Z`);
  }
  return parts.join('');
}

/** A retro sun: a disc with a vertical gradient, cut by horizontal gaps that widen towards the bottom. */
export function stripedSun(id: string, cx: number, cy: number, r: number, colours: [string, string]): { defs: string; body: string } {
  // Bands as (top, bottom) offsets from the top of the disc, in radii; the gaps between them are empty.
  const bands: Array<[number, number]> = [
    [0, 1.02],
    [1.07, 1.25],
    [1.32, 1.48],
    [1.57, 1.7],
    [1.8, 1.88],
    [1.97, 2],
  ];
  const halfWidth = (y: number) => Math.sqrt(Math.max(0, r * r - (y - cy) * (y - cy)));
  const paths = bands.map(([from, to]) => {
    const y1 = cy - r + from * r;
    const y2 = cy - r + to * r;
    const w1 = halfWidth(y1);
    const w2 = halfWidth(y2);
    const arc = (x: number, y: number) => `A${r.toFixed(1)} ${r.toFixed(1)} 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)}`;
    return `M${(cx - w1).toFixed(1)} ${y1.toFixed(1)}L${(cx + w1).toFixed(1)} ${y1.toFixed(1)}${arc(cx + w2, y2)}L${(cx - w2).toFixed(1)} ${y2.toFixed(1)}${arc(cx - w1, y1)}Z`;
  });
  const defs = `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient>`;
  return { defs, body: `<path d="${paths.join('')}" fill="url(#${id})"/>` };
}

/**
 * An outline's full width for type set at `size`: at most `most`, and never more than a small share of
 * the letters, or it fills their counters ('a', 'e') and the word stops reading.
 */
export function outlineWidth(size: number, most: number): number {
  return Math.min(most, size * 0.08);
}
