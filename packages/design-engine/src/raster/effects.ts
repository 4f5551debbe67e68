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

/**
 * The SVG drawn as straight RGBA. With `into` (a buffer of width × height × 4), it is drawn there band
 * by band, each band as the same document looking through a viewBox one band high: librsvg then sizes
 * its working surfaces (group opacity, masks) to the band, not the whole print, and an integer shift of
 * the viewBox draws the same pixels.
 */
export async function rasterise(svg: string, into?: RgbaImage): Promise<RgbaImage> {
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
  for (let top = 0; top < height; top += RASTER_BAND_ROWS) {
    const rows = Math.min(RASTER_BAND_ROWS, height - top);
    const band = svg.replace(ROOT, `<svg${root[1]} height="${rows}" viewBox="0 ${top} ${width} ${rows}"`);
    const { data } = await draw(band);
    data.copy(into.data, top * width * 4);
  }
  return into;
}

/** A 1-channel mask scaled by `factor`, so wide blurs run on few pixels. */
async function alphaMask(image: RgbaImage, factor: number): Promise<{ data: Buffer; width: number; height: number }> {
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

async function blurThreshold(mask: { data: Buffer; width: number; height: number }, sigma: number, threshold: number): Promise<Buffer> {
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

/** Rows per band of the full-size passes: each band's masks are a few MB, never a full-size copy. */
export const BAND_ROWS = 512;

/**
 * Rows `top`..`top + rows` of a 1-channel mask scaled up to the image size (lanczos keeps its edge
 * smooth). libvips computes only the asked region, and the same pixels as scaling the whole mask.
 */
function upscaleMaskBand(
  mask: Buffer,
  from: { width: number; height: number },
  to: { width: number; height: number },
  top: number,
  rows: number,
): Promise<Buffer> {
  return sharp(mask, { raw: { width: from.width, height: from.height, channels: 1 } })
    .resize(to.width, to.height, { kernel: 'lanczos3' })
    .extract({ left: 0, top, width: to.width, height: rows })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/**
 * The die-cut sticker edge: the shape's alpha grown by `radius` (blur + threshold on a quarter-size
 * mask, then a closing pass so text and picture become one island), filled white, with a soft shadow
 * offset under it. Every wide blur runs on the small mask. Works in place (the input's pixels become the
 * result) and band by band, so no second full-size copy is ever held.
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
  const { width, height } = image;
  const offset = Math.round(radius * 0.3);
  const shiftX = Math.round(offset / 2);
  // In place, band by band: each pixel reads only its own design pixel and the two masks' rows.
  const design = image.data;
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    // The shadow is the soft mask moved down by `offset` and right by `shiftX`: its band starts `offset` rows higher.
    const shadowTop = Math.max(0, top - offset);
    const shadowRows = top + rows - offset - shadowTop;
    const [edge, shadowMask] = await Promise.all([
      upscaleMaskBand(closed, small, image, top, rows),
      shadowRows > 0 ? upscaleMaskBand(soft, small, image, shadowTop, shadowRows) : Promise.resolve(null),
    ]);
    for (let row = 0; row < rows; row++) {
      const y = top + row;
      const shadowRow = shadowMask && y >= offset ? (y - offset - shadowTop) * width : -1;
      for (let x = 0, pixel = row * width, index = y * width * 4; x < width; x++, pixel++, index += 4) {
        // Straight-alpha "over": design over white edge over shadow. Solid ink, and pixels with nothing
        // under them, stay as they are (most of the canvas).
        const designAlpha = design[index + 3]!;
        if (designAlpha === 255) continue;
        const shadowAlpha = shadowRow >= 0 && x >= shiftX ? shadowMask![shadowRow + x - shiftX]! * 0.28 : 0;
        const edgeAlpha = edge[pixel]!;
        const under = edgeAlpha + shadowAlpha * (1 - edgeAlpha / 255);
        if (under === 0) {
          if (designAlpha === 0) design.writeUInt32LE(0, index);
          continue;
        }
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
  }
  return image;
}

/** Blobs covering about `coverage` of the image, drawn on a grid `cell` times coarser than the image (small size). */
async function blobs(
  image: RgbaImage,
  cell: number,
  coverage: number,
  random: Random,
): Promise<{ data: Buffer; width: number; height: number }> {
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
 * about 8 points of OCR legibility). The noise is drawn on coarse grids and scaled up band by band, so the
 * texture is cheap at print size. Works in place.
 */
export async function distress(image: RgbaImage, amount: number, random: Random, unit = 1): Promise<RgbaImage> {
  // `unit` is the drawing's scale against print size, so a smaller render wears the same way.
  const [fine, coarse] = await Promise.all([
    blobs(image, Math.max(1, 6 * unit), 0.02 + amount * 0.03, random),
    blobs(image, Math.max(1, 30 * unit), 0.015 + amount * 0.02, random),
  ]);
  // In place, band by band: the blobs are scaled up one band at a time.
  const data = image.data;
  for (let top = 0; top < image.height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, image.height - top);
    const [fineBand, coarseBand] = await Promise.all([
      upscaleMaskBand(fine.data, fine, image, top, rows),
      upscaleMaskBand(coarse.data, coarse, image, top, rows),
    ]);
    for (let pixel = 0, index = top * image.width * 4 + 3; pixel < fineBand.length; pixel++, index += 4) {
      const hole = Math.max(fineBand[pixel]!, coarseBand[pixel]!);
      if (hole > 96 && data[index]! > 0) data[index] = Math.round(data[index]! * (1 - 0.7 * Math.min(1, (hole - 96) / 128)));
    }
  }
  return image;
}
