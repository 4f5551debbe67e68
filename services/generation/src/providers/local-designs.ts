// The local renderer's four looks, as SVG. A deliberately simple stand-in for the full offline design
// engine (its own issue): typography on shapes, one per art direction, fitted to the canvas.
import { createHash } from 'node:crypto';
import type { VariantLetter } from '@printloom/contracts';

export interface DesignSpec {
  title: string;
  subtitle: string;
  palette: Palette;
  seed: string;
  width: number;
  height: number;
}

export interface Palette {
  ink: string;
  accent: string;
  third: string;
}

const LIGHT_INKS: Palette[] = [
  { ink: '#fdf0d5', accent: '#f4a261', third: '#e76f51' },
  { ink: '#f1faee', accent: '#a8dadc', third: '#e63946' },
  { ink: '#fefae0', accent: '#dda15e', third: '#bc6c25' },
  { ink: '#e0fbfc', accent: '#98c1d9', third: '#ee6c4d' },
];
const DARK_INKS: Palette[] = [
  { ink: '#1d3557', accent: '#e63946', third: '#457b9d' },
  { ink: '#283618', accent: '#bc6c25', third: '#606c38' },
  { ink: '#3d405b', accent: '#e07a5f', third: '#81b29a' },
  { ink: '#14213d', accent: '#fca311', third: '#e63946' },
];
const NAMED: Record<string, string> = {
  red: '#d62828', orange: '#f77f00', yellow: '#fcbf49', green: '#2a9d8f', teal: '#2a9d8f', blue: '#1d4e89', purple: '#7b2cbf',
  pink: '#f15bb5', black: '#111111', white: '#fafafa', gold: '#d4a017', brown: '#7f5539', navy: '#14213d',
};

/** A small seeded random generator: the same job draws the same design. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

export function choosePalette(idea: string, dark: boolean, seed: string): Palette {
  const options = dark ? LIGHT_INKS : DARK_INKS;
  const base = options[Math.floor(seededRandom(seed)() * options.length)];
  const named = Object.keys(NAMED).find((colour) => new RegExp(`\\b${colour}\\b`, 'i').test(idea));
  if (!named || (dark && named === 'black') || (!dark && named === 'white')) return base;
  return { ...base, accent: NAMED[named] };
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Font size that fits a line into `width` (DejaVu bold runs about 0.68 em per character). */
function fit(text: string, width: number, max: number, perChar = 0.68): number {
  return Math.min(max, width / Math.max(1, text.length * perChar));
}

function stackedType(spec: DesignSpec): string {
  const { width, height, palette } = spec;
  const words = spec.title.toUpperCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const lineWidth = width * 0.86;
  let y = height * 0.12;
  const lines = words.map((word, index) => {
    const size = fit(word, lineWidth, height * 0.22);
    y += size * 1.02;
    const fill = index % 2 === 0 ? palette.ink : palette.accent;
    return `<text x="${width / 2}" y="${y}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${fill}">${escapeXml(word)}</text>`;
  });
  const barY = y + height * 0.04;
  return `${lines.join('')}<rect x="${width * 0.2}" y="${barY}" width="${width * 0.6}" height="${height * 0.025}" rx="${height * 0.012}" fill="${palette.third}"/>`;
}

/** Characters placed one by one along the top of a circle (librsvg here has no textPath). */
function textOnArc(label: string, cx: number, cy: number, radius: number, size: number, fill: string): string {
  const step = (size * 0.72) / radius; // radians per character
  const start = -Math.PI / 2 - (step * (label.length - 1)) / 2;
  return [...label]
    .map((char, index) => {
      const angle = start + index * step;
      const x = cx + radius * Math.cos(angle);
      const y = cy + radius * Math.sin(angle);
      const degrees = (angle * 180) / Math.PI + 90;
      return `<text x="${x}" y="${y}" transform="rotate(${degrees} ${x} ${y})" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${fill}">${escapeXml(char)}</text>`;
    })
    .join('');
}

function circularBadge(spec: DesignSpec): string {
  const { width, height, palette } = spec;
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.42;
  const ring = r * 0.8;
  const label = spec.title.toUpperCase();
  // At most about 200 degrees of the circle for the label.
  const size = Math.min(r * 0.2, (ring * 3.4) / Math.max(1, label.length * 0.72));
  const centre = spec.subtitle.toUpperCase() || '★';
  return `
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${palette.ink}" stroke-width="${r * 0.06}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.58}" fill="${palette.accent}"/>
    ${textOnArc(label, cx, cy, ring, size, palette.ink)}
    <text x="${cx}" y="${cy + r * 0.08}" font-family="DejaVu Serif" font-weight="bold" font-size="${fit(centre, r * 0.95, r * 0.36)}" text-anchor="middle" fill="${palette.ink}">${escapeXml(centre)}</text>
    <text x="${cx}" y="${cy + r * 0.88}" font-family="DejaVu Sans" font-size="${r * 0.12}" text-anchor="middle" fill="${palette.third}">★ ★ ★</text>`;
}

function dieCutSticker(spec: DesignSpec): string {
  const { width, height, palette } = spec;
  const text = spec.title;
  const size = fit(text, width * 0.7, height * 0.2);
  const outline = size * 0.28;
  return `
    <rect x="${width * 0.08}" y="${height * 0.3}" width="${width * 0.84}" height="${height * 0.4}" rx="${height * 0.2}" fill="#ffffff"/>
    <rect x="${width * 0.11}" y="${height * 0.33}" width="${width * 0.78}" height="${height * 0.34}" rx="${height * 0.17}" fill="${palette.accent}"/>
    <text x="${width / 2}" y="${height / 2 + size * 0.35}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${palette.ink}" stroke="#ffffff" stroke-width="${outline}" paint-order="stroke" stroke-linejoin="round">${escapeXml(text)}</text>`;
}

function vintageDistressed(spec: DesignSpec): string {
  const { width, height, palette } = spec;
  const random = seededRandom(`${spec.seed}:texture`);
  const title = spec.title.toUpperCase();
  const size = fit(title, width * 0.84, height * 0.2, 0.72);
  const holes = Array.from({ length: 260 }, () => {
    const r = (0.002 + random() * 0.008) * width;
    return `<circle cx="${random() * width}" cy="${random() * height}" r="${r}" fill="#000"/>`;
  }).join('');
  return `
    <defs><mask id="wear"><rect width="${width}" height="${height}" fill="#fff"/>${holes}</mask></defs>
    <g mask="url(#wear)">
      <rect x="${width * 0.06}" y="${height * 0.3}" width="${width * 0.88}" height="${height * 0.02}" fill="${palette.accent}"/>
      <text x="${width / 2}" y="${height * 0.5}" font-family="DejaVu Serif" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${palette.ink}">${escapeXml(title)}</text>
      <text x="${width / 2}" y="${height * 0.5 + size * 0.7}" font-family="DejaVu Serif" font-style="italic" font-size="${size * 0.35}" text-anchor="middle" fill="${palette.accent}">${escapeXml(spec.subtitle || 'EST. 2026')}</text>
      <rect x="${width * 0.06}" y="${height * 0.5 + size * 0.95}" width="${width * 0.88}" height="${height * 0.02}" fill="${palette.accent}"/>
    </g>`;
}

const DRAWERS: Record<VariantLetter, (spec: DesignSpec) => string> = { A: stackedType, B: circularBadge, C: dieCutSticker, D: vintageDistressed };

export function designSvg(variant: VariantLetter, spec: DesignSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${spec.width}" height="${spec.height}">${DRAWERS[variant](spec)}</svg>`;
}
