import { asPixels, contrastRatio, inkContrast, MIN_INK_CONTRAST, relativeLuminance } from './ink-contrast.js';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Recoloured inks aim a little past the minimum, so rounding and resampling never pull them under it. */
const TARGET_CONTRAST = MIN_INK_CONTRAST * 1.1;
/** The halo: this share of the print's long side (5 px on a 15×18 in print at 300 DPI), at least 1 px. */
const HALO_SHARE = 1 / 1000;

/** The ink that contrasts most with the garment: the halo's colour. */
export function haloInkFor(garment: Rgb): Rgb {
  return relativeLuminance(garment.r, garment.g, garment.b) > 0.18 ? { r: 17, g: 17, b: 17 } : { r: 255, g: 255, b: 255 };
}

function toHsl({ r, g, b }: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) {
    const v = Math.round(l * 255);
    return { r: v, g: v, b: v };
  }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255);
  };
  return { r: channel(h + 1 / 3), g: channel(h), b: channel(h - 1 / 3) };
}

const contrastOn = (colour: Rgb, garmentLuminance: number) =>
  contrastRatio(relativeLuminance(colour.r, colour.g, colour.b), garmentLuminance);

/** How a print is made to read on a garment: see `recolourForGarment`. */
export type RecolourMode = 'nudge' | 'mirror';

/** Moves an ink toward the halo ink (white or near-black) just far enough to read on the garment. */
function nudged(colour: Rgb, garmentLuminance: number, extreme: Rgb): Rgb {
  if (contrastOn(colour, garmentLuminance) >= TARGET_CONTRAST) return colour;
  const mix = (t: number): Rgb => ({
    r: Math.round(colour.r + (extreme.r - colour.r) * t),
    g: Math.round(colour.g + (extreme.g - colour.g) * t),
    b: Math.round(colour.b + (extreme.b - colour.b) * t),
  });
  let [low, high] = [0, 1];
  for (let step = 0; step < 12; step++) {
    const middle = (low + high) / 2;
    if (contrastOn(mix(middle), garmentLuminance) >= TARGET_CONTRAST) high = middle;
    else low = middle;
  }
  return mix(high);
}

/**
 * An ink that reads on the garment. `nudge`: itself when it reaches 3:1, else moved just past it (a
 * light badge fill on a white shirt becomes a mid-tone, so the dark lettering on it still reads).
 * `mirror` (art drawn for the other garment): its lightness mirrored with hue and saturation kept
 * (navy becomes light blue on black, and the light fill under it dark: relations inside the art hold),
 * then nudged if that is not enough.
 */
export function readableInk(colour: Rgb, garment: Rgb, mode: RecolourMode = 'nudge'): Rgb {
  const garmentLuminance = relativeLuminance(garment.r, garment.g, garment.b);
  if (mode === 'nudge' && contrastOn(colour, garmentLuminance) >= MIN_INK_CONTRAST) return colour;
  const [h, s, l] = toHsl(colour);
  const start = mode === 'mirror' ? fromHsl(h, s, 1 - l) : colour;
  return nudged(start, garmentLuminance, haloInkFor(garment));
}

/** A box of pixels, edges included. */
export interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box `set` grown by `radius` on every side, within the image. */
function grown(set: PixelBox, radius: number, width: number, height: number): PixelBox {
  return {
    left: Math.max(0, set.left - radius),
    top: Math.max(0, set.top - radius),
    right: Math.min(width - 1, set.right + radius),
    bottom: Math.min(height - 1, set.bottom + radius),
  };
}

/**
 * Sets every pixel within `radius` (a square) of a set pixel: along rows, then along columns, each in
 * memory order (the columns' nearest set row above and below is carried row to row), linear in the
 * pixels. Only the box around the set pixels (`set`, when the caller knows it) grown by `radius` is
 * walked, and rows with nothing set and nothing within reach are skipped (a print's wide clear margins).
 */
export function dilate(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
  set: PixelBox = { left: 0, top: 0, right: width - 1, bottom: height - 1 },
): Uint8Array {
  const reach = grown(set, radius, width, height);
  const rows = new Uint8Array(mask.length);
  /** Whether each row of `rows` has a pixel set. */
  const rowHasAny = new Uint8Array(height);
  for (let y = set.top, start = y * width; y <= set.bottom; y++, start += width) {
    const first = mask.subarray(start + set.left, start + set.right + 1).indexOf(1);
    if (first < 0) continue;
    rowHasAny[y] = 1;
    for (let x = set.left + first, last = -radius - 1; x <= reach.right; x++) {
      if (mask[start + x]) last = x;
      if (x - last <= radius) rows[start + x] = 1;
    }
    for (let x = reach.right, last = width + radius + 1; x >= reach.left; x--) {
      if (mask[start + x]) last = x;
      if (last - x <= radius) rows[start + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  const above = new Int32Array(width).fill(-radius - 1);
  for (let y = reach.top, start = y * width, lastRowWithAny = -radius - 1; y <= reach.bottom; y++, start += width) {
    if (rowHasAny[y]) lastRowWithAny = y;
    else if (y - lastRowWithAny > radius) continue;
    for (let x = reach.left; x <= reach.right; x++) {
      if (rows[start + x]) above[x] = y;
      if (y - above[x]! <= radius) out[start + x] = 1;
    }
  }
  const below = new Int32Array(width).fill(height + radius + 1);
  for (let y = reach.bottom, start = y * width, nextRowWithAny = height + radius + 1; y >= reach.top; y--, start -= width) {
    if (rowHasAny[y]) nextRowWithAny = y;
    else if (nextRowWithAny - y > radius) continue;
    for (let x = reach.left; x <= reach.right; x++) {
      if (rows[start + x]) below[x] = y;
      if (below[x]! - y <= radius) out[start + x] = 1;
    }
  }
  return out;
}

/** Art where less than this share of the ink reads was drawn for the other garment: it is mirrored, not nudged. */
const MIRROR_BELOW = 0.5;

export interface RecolourResult {
  mode: RecolourMode;
  /** Pixels (alpha > 0) whose ink was changed. */
  recoloured: number;
  /** Transparent or partly transparent pixels the halo filled. */
  haloPixels: number;
}

/**
 * Makes a print read on a garment, in place. Art not known to be drawn for this garment and mostly
 * drawn for the other one (under half its ink reads) has every ink mirrored (`readableInk` 'mirror'); otherwise only the inks below 3:1 are
 * nudged past it and the rest are left alone. Where inks had to change, the art
 * gets a thin halo of the contrasting ink in the transparent pixels around them: those were soft edges
 * drawn for the other garment (a dark fringe on a black shirt), and the halo gives the changed shapes a
 * clean edge. Art that read already gets no halo. Pure, on raw RGBA.
 */
export function recolourForGarment(
  rgba: Uint8Array,
  width: number,
  height: number,
  garment: Rgb,
  drawnFor: 'this-garment' | 'unknown' = 'unknown',
): RecolourResult {
  const mode: RecolourMode = drawnFor === 'unknown' && inkContrast(rgba, garment).share < MIRROR_BELOW ? 'mirror' : 'nudge';
  const inks = new Map<number, Rgb>();
  const changed = new Uint8Array(width * height);
  let recoloured = 0;
  // A print's inks come in long runs: the last colour's ink is kept at hand, the map asked on a change.
  const pixels = asPixels(rgba);
  let lastColour = -1;
  let ink: Rgb = garment;
  let unchanged = true;
  const changedBox: PixelBox = { left: width, top: height, right: -1, bottom: -1 };
  for (let pixel = 0; pixel < pixels.length; pixel++) {
    const word = pixels[pixel]!;
    if (word >>> 24 === 0) continue;
    const colour = word & 0xffffff;
    if (colour !== lastColour) {
      lastColour = colour;
      const [r, g, b] = [colour & 0xff, (colour >>> 8) & 0xff, colour >>> 16];
      let known = inks.get(colour);
      if (!known) {
        known = readableInk({ r, g, b }, garment, mode);
        inks.set(colour, known);
      }
      ink = known;
      unchanged = ink.r === r && ink.g === g && ink.b === b;
    }
    if (unchanged) continue;
    const y = (pixel / width) | 0;
    const x = pixel - y * width;
    if (x < changedBox.left) changedBox.left = x;
    if (x > changedBox.right) changedBox.right = x;
    if (y < changedBox.top) changedBox.top = y;
    changedBox.bottom = y;
    const i = pixel * 4;
    rgba[i] = ink.r;
    rgba[i + 1] = ink.g;
    rgba[i + 2] = ink.b;
    changed[pixel] = 1;
    recoloured += 1;
  }
  if (recoloured === 0) return { mode, recoloured, haloPixels: 0 };
  const radius = Math.max(1, Math.round(Math.max(width, height) * HALO_SHARE));
  const halo = dilate(changed, width, height, radius, changedBox);
  const haloInk = haloInkFor(garment);
  const reach = grown(changedBox, radius, width, height);
  let haloPixels = 0;
  for (let y = reach.top; y <= reach.bottom; y++) {
    for (let pixel = y * width + reach.left, i = pixel * 4; pixel <= y * width + reach.right; pixel++, i += 4) {
      const alpha = rgba[i + 3]!;
      if (!halo[pixel] || alpha === 255) continue;
      // The art stays on top: the halo shows only through what the pixel left uncovered.
      const a = alpha / 255;
      rgba[i] = Math.round(rgba[i]! * a + haloInk.r * (1 - a));
      rgba[i + 1] = Math.round(rgba[i + 1]! * a + haloInk.g * (1 - a));
      rgba[i + 2] = Math.round(rgba[i + 2]! * a + haloInk.b * (1 - a));
      rgba[i + 3] = 255;
      haloPixels += 1;
    }
  }
  return { mode, recoloured, haloPixels };
}
