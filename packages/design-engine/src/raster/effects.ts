import sharp from 'sharp';
import { type Random } from '../random.js';

/** Straight (not premultiplied) RGBA pixels. */
export interface RgbaImage {
  data: Buffer;
  width: number;
  height: number;
}

/** sharp's input options for an image's pixels. */
export const raw = (image: RgbaImage) => ({ raw: { width: image.width, height: image.height, channels: 4 as const } });

/** Rows per band when the SVG is drawn into a given buffer. */
const RASTER_BAND_ROWS = 1024;

/** The root's size and viewBox as `svgDocument` writes them (the canvas in user units, origin 0 0). */
const ROOT = /^<svg([^>]*?) height="(\d+)" viewBox="0 0 (\d+) (\d+)"/;

/** Rows `top` to `top + height` of an image. */
export interface RowSpan {
  top: number;
  height: number;
}

/**
 * The SVG drawn as straight RGBA. With `into` (a buffer of width × height × 4), it is drawn there band
 * by band, each band as the same document looking through a viewBox one band high: librsvg then sizes
 * its working surfaces (group opacity, masks) to the band, not the whole print (the same artwork; where
 * such surfaces are, a few edge pixels can come out a little different from one whole-canvas draw).
 * With `rows` too, only those rows are drawn (where the artwork is) and the others cleared: drawing a
 * print-size band costs ~30 ms of CPU even when it is empty.
 */
export async function rasterise(svg: string, into?: RgbaImage, rows?: RowSpan): Promise<RgbaImage> {
  const draw = (source: string) =>
    sharp(Buffer.from(source), { limitInputPixels: false }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const root = into && ROOT.exec(svg);
  if (!into || !root || Number(root[3]) !== into.width || Number(root[4]) !== into.height) {
    const { data, info } = await draw(svg);
    if (!into) return { data, width: info.width, height: info.height };
    data.copy(into.data);
    return into;
  }
  const { width, height } = into;
  const { top: first, height: drawnRows } = rows ?? { top: 0, height };
  const stride = width * 4;
  into.data.fill(0, 0, first * stride);
  into.data.fill(0, (first + drawnRows) * stride);
  for (let top = first; top < first + drawnRows; top += RASTER_BAND_ROWS) {
    const bandRows = Math.min(RASTER_BAND_ROWS, first + drawnRows - top);
    const band = svg.replace(ROOT, `<svg${root[1]} height="${bandRows}" viewBox="0 ${top} ${width} ${bandRows}"`);
    const { data } = await draw(band);
    data.copy(into.data, top * stride);
  }
  return into;
}

/** A 1-channel image. */
interface Mask {
  data: Buffer;
  width: number;
  height: number;
}

/** The alpha channel scaled by `factor`, so wide blurs run on few pixels. */
async function alphaMask(image: RgbaImage, factor: number): Promise<Mask> {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const data = await sharp(image.data, raw(image))
    .extractChannel(3)
    .resize(width, height, { kernel: 'linear' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data, width, height };
}

async function blurThreshold(mask: Mask, sigma: number, threshold: number): Promise<Buffer> {
  const blurred = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .blur(sigma)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return sharp(blurred, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .threshold(threshold)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/**
 * A small 1-channel mask scaled up (lanczos keeps its edges smooth) to half the image's size; each of
 * its values stands for a 2×2 block of the image. Scaling a mask to the full print size costs libvips
 * ~0.6 s of CPU; half size costs a quarter of that, and a 2-pixel step (0.17 mm at 300 DPI) does not print.
 */
async function halfSizeMask(mask: Mask, image: RgbaImage): Promise<Mask> {
  const width = Math.ceil(image.width / 2);
  const height = Math.ceil(image.height / 2);
  const data = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { kernel: 'lanczos3' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data, width, height };
}

/**
 * The die-cut sticker edge: the shape's alpha grown by `radius` (blur + threshold on a quarter-size
 * mask, then a closing pass so text and picture become one island), filled white, with a soft shadow
 * offset under it. Every wide blur runs on the small mask, and the full-size pass reads half-size masks.
 * Works in place (the input's pixels become the result), so no second full-size copy is ever held.
 */
export async function dieCut(image: RgbaImage, radius: number): Promise<RgbaImage> {
  const factor = 0.25;
  const small = await alphaMask(image, factor);
  const grown = await blurThreshold(small, Math.max(0.5, (radius * factor) / 2), 4);
  const closed = await blurThreshold({ ...small, data: grown }, Math.max(0.5, (radius * factor) / 2), 200);
  const soft = await sharp(closed, { raw: { width: small.width, height: small.height, channels: 1 } })
    .blur(Math.max(0.5, radius * factor * 0.2))
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const [edge, shadow] = await Promise.all([
    halfSizeMask({ ...small, data: closed }, image),
    halfSizeMask({ ...small, data: soft }, image),
  ]);
  const { width, height } = image;
  // The shadow is the soft mask moved down by `offset` and right by `shiftX`.
  const offset = Math.round(radius * 0.3);
  const shiftX = Math.round(offset / 2);
  const design = image.data;
  for (let y = 0, index = 0; y < height; y++) {
    const edgeRow = (y >> 1) * edge.width;
    const shadowRow = y >= offset ? ((y - offset) >> 1) * shadow.width : -1;
    for (let x = 0; x < width; x++, index += 4) {
      // Straight-alpha "over": design over white edge over shadow. Solid ink, and pixels with nothing
      // under them, stay as they are (most of the canvas).
      const designAlpha = design[index + 3]!;
      if (designAlpha === 255) continue;
      const edgeAlpha = edge.data[edgeRow + (x >> 1)]!;
      const shadowAlpha = shadowRow >= 0 && x >= shiftX ? shadow.data[shadowRow + ((x - shiftX) >> 1)]! * 0.28 : 0;
      if (edgeAlpha === 0 && shadowAlpha === 0) {
        if (designAlpha === 0) design[index] = design[index + 1] = design[index + 2] = 0;
        continue;
      }
      const under = edgeAlpha + shadowAlpha * (1 - edgeAlpha / 255);
      const underColour = (255 * edgeAlpha) / under;
      const alpha = designAlpha + under * (1 - designAlpha / 255);
      const keep = designAlpha / alpha;
      const rest = (under * (1 - designAlpha / 255)) / alpha;
      design[index] = Math.round(design[index]! * keep + underColour * rest);
      design[index + 1] = Math.round(design[index + 1]! * keep + underColour * rest);
      design[index + 2] = Math.round(design[index + 2]! * keep + underColour * rest);
      design[index + 3] = Math.round(alpha);
    }
  }
  return image;
}

/** Blobs covering about `coverage` of the image, drawn on a grid `cell` times coarser than the image (small size). */
async function blobs(image: RgbaImage, cell: number, coverage: number, random: Random): Promise<Mask> {
  const width = Math.max(2, Math.round(image.width / cell));
  const height = Math.max(2, Math.round(image.height / cell));
  const noise = Buffer.alloc(width * height);
  for (let index = 0; index < noise.length; index++) noise[index] = Math.floor(random() * 256);
  const blurred = await sharp(noise, { raw: { width, height, channels: 1 } })
    .blur(0.9)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // Blurred uniform noise is close to normal around 128 with a spread of about 23.
  const cutoff = Math.round(128 + 23 * normalQuantile(1 - coverage));
  const spots = await sharp(blurred, { raw: { width, height, channels: 1 } })
    .threshold(cutoff)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data: spots, width, height };
}

/** Inverse of the standard normal CDF (Acklam's rational approximation is more than we need here). */
function normalQuantile(p: number): number {
  const t = Math.sqrt(-2 * Math.log(p < 0.5 ? p : 1 - p));
  const z = t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  return p < 0.5 ? -z : z;
}

/**
 * Worn ink: fine specks and a few larger worn patches thinned out of the artwork's alpha. A worn spot keeps
 * 30% of its ink, so thin strokes and small letters keep their shape (full holes cost the vintage lines
 * about 8 points of OCR legibility). The noise is drawn on coarse grids, the patches joined to the specks
 * on the specks' grid, and the one mask read back at full size from half size, so the texture is cheap at
 * print size. Works in place.
 */
export async function distress(image: RgbaImage, amount: number, random: Random, unit = 1): Promise<RgbaImage> {
  // `unit` is the drawing's scale against print size, so a smaller render wears the same way.
  const [fine, coarse] = await Promise.all([
    blobs(image, Math.max(1, 6 * unit), 0.02 + amount * 0.03, random),
    blobs(image, Math.max(1, 30 * unit), 0.015 + amount * 0.02, random),
  ]);
  const patches = await sharp(coarse.data, { raw: { width: coarse.width, height: coarse.height, channels: 1 } })
    .resize(fine.width, fine.height, { kernel: 'lanczos3' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  for (let index = 0; index < fine.data.length; index++) fine.data[index] = Math.max(fine.data[index]!, patches[index]!);
  const holes = await halfSizeMask(fine, image);
  const data = image.data;
  for (let y = 0, index = 3; y < image.height; y++) {
    const holesRow = (y >> 1) * holes.width;
    for (let x = 0; x < image.width; x++, index += 4) {
      if (data[index] === 0) continue;
      const hole = holes.data[holesRow + (x >> 1)]!;
      if (hole > 96) data[index] = Math.round(data[index]! * (1 - 0.7 * Math.min(1, (hole - 96) / 128)));
    }
  }
  return image;
}
