type Matrix = readonly [number, number, number, number, number, number, number, number, number];

/** Half sepia: colour pictures take on the muted, limited look of an old print. */
export const AGED: Matrix = [0.7, 0.38, 0.09, 0.17, 0.84, 0.08, 0.14, 0.27, 0.57];

const channel = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

function applyMatrix(hex: string, matrix: Matrix): string {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const r = parseInt(full.slice(1, 3), 16);
  const g = parseInt(full.slice(3, 5), 16);
  const b = parseInt(full.slice(5, 7), 16);
  const out = [
    matrix[0] * r + matrix[1] * g + matrix[2] * b,
    matrix[3] * r + matrix[4] * g + matrix[5] * b,
    matrix[6] * r + matrix[7] * g + matrix[8] * b,
  ];
  return `#${out.map((value) => channel(value).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Every hex colour in an SVG body passed through a colour matrix. Cheaper than an SVG filter, which
 * librsvg would run over millions of pixels at print size.
 */
export function recolourSvg(body: string, matrix: Matrix): string {
  return body.replace(/#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b/g, (hex) => applyMatrix(hex, matrix));
}
