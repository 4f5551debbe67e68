import sharp from 'sharp';
import { type Random } from '../random.js';

/** Straight (not premultiplied) RGBA pixels. */
export interface RgbaImage {
  data: Buffer;
  width: number;
  height: number;
}

const raw = (image: RgbaImage) => ({ raw: { width: image.width, height: image.height, channels: 4 as const } });

export async function rasterise(svg: string): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: false }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A 1-channel mask scaled by `factor`, so wide blurs run on few pixels. */
async function alphaMask(image: RgbaImage, factor: number): Promise<{ data: Buffer; width: number; height: number }> {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const data = await sharp(image.data, raw(image)).extractChannel(3).resize(width, height, { kernel: 'linear' }).toColourspace('b-w').raw().toBuffer();
  return { data, width, height };
}

async function blurThreshold(mask: { data: Buffer; width: number; height: number }, sigma: number, threshold: number): Promise<Buffer> {
  const blurred = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } }).blur(sigma).toColourspace('b-w').raw().toBuffer();
  return sharp(blurred, { raw: { width: mask.width, height: mask.height, channels: 1 } }).threshold(threshold).toColourspace('b-w').raw().toBuffer();
}

/** A 1-channel mask scaled up to the image size (lanczos keeps its edge smooth). */
function upscaleMask(mask: Buffer, from: { width: number; height: number }, to: { width: number; height: number }): Promise<Buffer> {
  return sharp(mask, { raw: { width: from.width, height: from.height, channels: 1 } }).resize(to.width, to.height, { kernel: 'lanczos3' }).toColourspace('b-w').raw().toBuffer();
}

/**
 * The die-cut sticker edge: the shape's alpha grown by `radius` (blur + threshold on a quarter-size
 * mask, then a closing pass so text and picture become one island), filled white, with a soft shadow
 * offset under it. Every wide blur runs on the small mask.
 */
export async function dieCut(image: RgbaImage, radius: number): Promise<RgbaImage> {
  const factor = 0.25;
  const small = await alphaMask(image, factor);
  const grown = await blurThreshold(small, Math.max(0.5, (radius * factor) / 2), 4);
  const closed = await blurThreshold({ ...small, data: grown }, Math.max(0.5, (radius * factor) / 2), 200);
  const soft = await sharp(closed, { raw: { width: small.width, height: small.height, channels: 1 } }).blur(Math.max(0.5, radius * factor * 0.2)).toColourspace('b-w').raw().toBuffer();
  const { width, height } = image;
  const [edge, shadowMask] = await Promise.all([upscaleMask(closed, small, image), upscaleMask(soft, small, image)]);
  const offset = Math.round(radius * 0.3);
  const shifted = Buffer.alloc(width * height);
  for (let y = offset; y < height; y++) shadowMask.copy(shifted, y * width + Math.round(offset / 2), (y - offset) * width, (y - offset + 1) * width - Math.round(offset / 2));
  const out = Buffer.alloc(width * height * 4);
  const design = image.data;
  for (let pixel = 0, index = 0; pixel < width * height; pixel++, index += 4) {
    // Straight-alpha "over": design over white edge over shadow.
    const shadowAlpha = shifted[pixel]! * 0.28;
    const edgeAlpha = edge[pixel]!;
    const designAlpha = design[index + 3]!;
    const under = edgeAlpha + shadowAlpha * (1 - edgeAlpha / 255);
    const underColour = under > 0 ? (255 * edgeAlpha) / under : 0;
    const alpha = designAlpha + under * (1 - designAlpha / 255);
    if (alpha === 0) continue;
    const keep = designAlpha / alpha;
    const rest = (under * (1 - designAlpha / 255)) / alpha;
    out[index] = Math.round(design[index]! * keep + underColour * rest);
    out[index + 1] = Math.round(design[index + 1]! * keep + underColour * rest);
    out[index + 2] = Math.round(design[index + 2]! * keep + underColour * rest);
    out[index + 3] = Math.round(alpha);
  }
  return { data: out, width, height };
}

/** Blobs covering about `coverage` of the image, drawn on a grid `cell` times coarser than the image. */
async function blobs(image: RgbaImage, cell: number, coverage: number, random: Random): Promise<Buffer> {
  const width = Math.max(2, Math.round(image.width / cell));
  const height = Math.max(2, Math.round(image.height / cell));
  const noise = Buffer.alloc(width * height);
  for (let index = 0; index < noise.length; index++) noise[index] = Math.floor(random() * 256);
  const blurred = await sharp(noise, { raw: { width, height, channels: 1 } }).blur(0.9).toColourspace('b-w').raw().toBuffer();
  // Blurred uniform noise is close to normal around 128 with a spread of about 23.
  const cutoff = Math.round(128 + 23 * normalQuantile(1 - coverage));
  const spots = await sharp(blurred, { raw: { width, height, channels: 1 } }).threshold(cutoff).toColourspace('b-w').raw().toBuffer();
  return sharp(spots, { raw: { width, height, channels: 1 } }).resize(image.width, image.height, { kernel: 'lanczos3' }).toColourspace('b-w').raw().toBuffer();
}

/** Inverse of the standard normal CDF (Acklam's rational approximation is more than we need here). */
function normalQuantile(p: number): number {
  const t = Math.sqrt(-2 * Math.log(p < 0.5 ? p : 1 - p));
  const z = t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  return p < 0.5 ? -z : z;
}

/**
 * Worn ink: fine specks and a few larger worn patches knocked out of the artwork's alpha. The noise is
 * drawn on coarse grids and scaled up, so the texture is cheap at print size.
 */
export async function distress(image: RgbaImage, amount: number, random: Random, unit = 1): Promise<RgbaImage> {
  // `unit` is the drawing's scale against print size, so a smaller render wears the same way.
  const [fine, coarse] = await Promise.all([blobs(image, Math.max(1, 6 * unit), 0.02 + amount * 0.03, random), blobs(image, Math.max(1, 30 * unit), 0.015 + amount * 0.02, random)]);
  const data = Buffer.from(image.data);
  for (let pixel = 0, index = 3; pixel < fine.length; pixel++, index += 4) {
    const hole = Math.max(fine[pixel]!, coarse[pixel]!);
    if (hole > 96 && data[index]! > 0) data[index] = Math.round(data[index]! * Math.max(0, 1 - (hole - 96) / 128));
  }
  return { data, width: image.width, height: image.height };
}
