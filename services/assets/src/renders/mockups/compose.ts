import { cylinderSource, type Cylinder, type Rect } from './placement.js';

/** A template decoded at mockup size (raw bytes). */
export interface TemplatePixels {
  /** The mockup's side in pixels. */
  size: number;
  /**
   * The part of the mockup the maps below cover (the whole of it, or only the print area's
   * surroundings once the blanks are drawn: a thread keeps that much, not the whole template).
   */
  region: { left: number; top: number; width: number; height: number };
  /** RGBA: the blank product in white (greys for seams) over a transparent ground with its shadow. */
  base: Uint8Array;
  /** One channel, 128 = unchanged; below multiplies (shadow), above screens (highlight). */
  shading: Uint8Array;
  /** Two channels (x, y), 128 = no shift; null where nothing folds. */
  displacement: Uint8Array | null;
  displacementPx: number;
}

/** The design resized to its place, RGBA not premultiplied. */
export interface DesignPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export type Placement =
  | { kind: 'flat'; rect: Rect }
  /** `rect` in wrap coordinates: left/width along the circumference from the front's centre line. */
  | { kind: 'cylinder'; rect: Rect; cylinder: Cylinder; top: number };

export interface Look {
  /** The product's colour, multiplied into the white base. */
  colour: [number, number, number];
  backdrop: [number, number, number];
  /** Amplitude of the fibre noise (heather yarn shows much more). */
  grain: number;
}

/** Ink laid on fabric never quite covers it: the weave shows through a little. */
const INK_COVER = 0.96;
const HIGHLIGHT = 0.85;

let noise: Int8Array | null = null;
const NOISE = 256;
/** A fixed tile of fibre noise, streaky across (yarn runs horizontally in a flat-lay). */
function noiseTile(): Int8Array {
  if (noise) return noise;
  noise = new Int8Array(NOISE * NOISE);
  let seed = 0x2f6b1d;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  for (let y = 0; y < NOISE; y++) {
    let run = 0;
    for (let x = 0; x < NOISE; x++) {
      run = run * 0.55 + random() * 0.45;
      noise[y * NOISE + x] = Math.round(run * 100);
    }
  }
  return noise;
}

/** Bilinear RGBA sample of the design into `out`; alpha 0 outside it (nothing prints there). */
function sample(design: DesignPixels, x: number, y: number, out: Float32Array): void {
  const { width, height, data } = design;
  if (x < -0.5 || y < -0.5 || x > width - 0.5 || y > height - 0.5) {
    out[3] = 0;
    return;
  }
  const fx = Math.min(Math.max(x - 0.5, 0), width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), height - 1);
  const x0 = fx | 0;
  const y0 = fy | 0;
  const x1 = x0 + 1 < width ? x0 + 1 : x0;
  const y1 = y0 + 1 < height ? y0 + 1 : y0;
  const ax = fx - x0;
  const ay = fy - y0;
  const i00 = (y0 * width + x0) * 4;
  const i10 = (y0 * width + x1) * 4;
  const i01 = (y1 * width + x0) * 4;
  const i11 = (y1 * width + x1) * 4;
  const w00 = (1 - ax) * (1 - ay);
  const w10 = ax * (1 - ay);
  const w01 = (1 - ax) * ay;
  const w11 = ax * ay;
  // Colours weighted by alpha, so a transparent neighbour's (meaningless) colour does not bleed in.
  const a00 = data[i00 + 3] * w00;
  const a10 = data[i10 + 3] * w10;
  const a01 = data[i01 + 3] * w01;
  const a11 = data[i11 + 3] * w11;
  const alpha = a00 + a10 + a01 + a11;
  out[3] = alpha / 255;
  if (alpha <= 0) return;
  for (let c = 0; c < 3; c++)
    out[c] = (data[i00 + c] * a00 + data[i10 + c] * a10 + data[i01 + c] * a01 + data[i11 + c] * a11) / alpha / 255;
}

/**
 * The product without a print, RGB: the base tinted with the product's colour (and its fibre grain),
 * the shading over it, laid over the backdrop by the base's alpha (its shadow included). The same for
 * every design: kept per template and look, so a mockup only redraws its print area.
 */
export function renderBlank(template: TemplatePixels, look: Look): Buffer {
  const out = Buffer.alloc(template.size * template.size * 3);
  const { region } = template;
  paint(template, look, out, { x0: region.left, x1: region.left + region.width, y0: region.top, y1: region.top + region.height }, null);
  return out;
}

/**
 * One mockup, RGB: the blank product with the design printed on it where the placement says (bent by
 * the displacement map, or wrapped round the cylinder) before the fabric's shading goes over both
 * (multiply below 128, screen above), so folds and light run through the print as through the cloth.
 * Where the design is transparent the blank shows unchanged.
 */
export function composeMockup(template: TemplatePixels, design: DesignPixels, placement: Placement, look: Look, blank?: Buffer): Buffer {
  const { size, displacementPx } = template;
  const out = Buffer.from(blank ?? renderBlank(template, look));
  const { rect } = placement;
  let box = {
    x0: rect.left - displacementPx - 1,
    x1: rect.left + rect.width + displacementPx + 1,
    y0: rect.top - displacementPx - 1,
    y1: rect.top + rect.height + displacementPx + 1,
  };
  if (placement.kind === 'cylinder') {
    const { centreX, radius, rimHalfHeight } = placement.cylinder;
    box = {
      x0: Math.floor(centreX - radius),
      x1: Math.ceil(centreX + radius),
      y0: placement.top + rect.top - 1,
      y1: placement.top + rect.top + rect.height + rimHalfHeight + 1,
    };
  }
  const { region } = template;
  const clipped = {
    x0: Math.max(0, region.left, box.x0),
    x1: Math.min(size, region.left + region.width, box.x1),
    y0: Math.max(0, region.top, box.y0),
    y1: Math.min(size, region.top + region.height, box.y1),
  };
  paint(template, look, out, clipped, { design, placement });
  return out;
}

/** Paints the pixels of `box`: all of them without a print; with one, only those the ink covers. */
function paint(
  template: TemplatePixels,
  look: Look,
  out: Buffer,
  box: { x0: number; x1: number; y0: number; y1: number },
  print: { design: DesignPixels; placement: Placement } | null,
): void {
  const { size, base, shading, displacement, displacementPx, region } = template;
  const ink = new Float32Array(4);
  const grainTile = noiseTile();
  const [cr, cg, cb] = look.colour.map((value) => value / 255);
  const [br, bg, bb] = look.backdrop;
  const grain = look.grain / 10_000; // the tile is ±100: ±grain %
  const placement = print?.placement;
  const rect = placement?.rect;
  let columnU: Float64Array | null = null;
  let columnSag: Float64Array | null = null;
  if (placement?.kind === 'cylinder') {
    columnU = new Float64Array(size).fill(NaN);
    columnSag = new Float64Array(size);
    for (let x = box.x0; x < box.x1; x++) {
      const at = cylinderSource(x + 0.5, 0, placement.cylinder, 0);
      if (!at) continue;
      columnU[x] = at.u;
      columnSag[x] = -at.v; // rimHalfHeight · cos θ
    }
  }
  const top = placement?.kind === 'cylinder' ? placement.top : 0;
  for (let y = box.y0; y < box.y1; y++) {
    const noiseRow = (y % NOISE) * NOISE;
    for (let x = box.x0; x < box.x1; x++) {
      const i = (y - region.top) * region.width + (x - region.left); // in the maps
      const o = (y * size + x) * 3; // in the mockup
      const alpha = base[i * 4 + 3];
      if (alpha === 0) {
        if (print) continue;
        out[o] = br;
        out[o + 1] = bg;
        out[o + 2] = bb;
        continue;
      }
      let cover = 0;
      if (print && rect) {
        if (columnU && columnSag) {
          const u = columnU[x];
          if (u === u) sample(print.design, u - rect.left, y + 0.5 - top - columnSag[x] - rect.top, ink);
          else ink[3] = 0;
        } else {
          let dx = 0;
          let dy = 0;
          if (displacement) {
            dx = ((displacement[i * 2] - 128) / 128) * displacementPx;
            dy = ((displacement[i * 2 + 1] - 128) / 128) * displacementPx;
          }
          sample(print.design, x + 0.5 - rect.left + dx, y + 0.5 - rect.top + dy, ink);
        }
        // Ink only lands on the product itself (its alpha), never on the shadow around it.
        cover = ink[3] * INK_COVER * (alpha / 255) * (base[i * 4] / 255);
        if (cover <= 0) continue; // the blank already shows this pixel
      }
      const n = 1 + grainTile[noiseRow + (x % NOISE)] * grain;
      let r = (base[i * 4] / 255) * cr;
      let g = (base[i * 4 + 1] / 255) * cg;
      let b = (base[i * 4 + 2] / 255) * cb;
      if (cover > 0) {
        r += (ink[0] - r) * cover;
        g += (ink[1] - g) * cover;
        b += (ink[2] - b) * cover;
      }
      // The yarn's grain shows through the ink too: the print sits in the fabric, not on top of it.
      r *= n;
      g *= n;
      b *= n;
      const s = shading[i];
      if (s < 128) {
        const m = s / 128;
        r *= m;
        g *= m;
        b *= m;
      } else if (s > 128) {
        const h = ((s - 128) / 127) * HIGHLIGHT;
        r += (1 - r) * h;
        g += (1 - g) * h;
        b += (1 - b) * h;
      }
      const a = alpha / 255;
      out[o] = clamp(br + (r * 255 - br) * a);
      out[o + 1] = clamp(bg + (g * 255 - bg) * a);
      out[o + 2] = clamp(bb + (b * 255 - bb) * a);
    }
  }
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));
