import sharp from 'sharp';
import { withSrgbProfile, type ScaledPrint } from '@printloom/design-engine';

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };
/** Margin kept clear on every side of the print canvas, as a share of its width and height. */
export const SAFE_MARGIN = 0.02;

export interface PrintFinishOptions {
  /** Transparent around the design; otherwise flattened onto the garment colour. */
  transparent: boolean;
  /** Printed on a dark garment (the flattening colour when not transparent). */
  dark: boolean;
  /** The provider's file is already final (the local design engine's). */
  printReady?: boolean;
  /** The print canvas (4500×5400, stickers 3000×3000): the design is fitted into it. */
  canvas?: { width: number; height: number };
}

export interface PrintFile {
  png: Buffer;
  /**
   * A transparent design was asked for but the image came back opaque: the canvas margin continues the
   * image's own background (mirrored), so the background removal judges it as the model drew it.
   */
  opaqueBackground: boolean;
  /** The transparent print's pixels shrunk, while they are still in memory (for the library's thumbnail and preview). */
  scaled?: ScaledPrint;
}

/**
 * Every provider's output becomes a print file: trimmed to the design, fitted into the print canvas
 * (lanczos, centred inside the safe margin), transparent around it when asked or else flattened onto
 * the garment colour, sRGB, 300 DPI, PNG. A file that is already final and transparent is stored
 * untouched: re-encoding a 4500×5400 PNG costs about a second for nothing.
 */
export async function toPrintFile(png: Buffer, options: PrintFinishOptions): Promise<PrintFile> {
  if (options.printReady && options.transparent) return { png, opaqueBackground: false };
  const garment = options.dark ? '#000000' : '#ffffff';
  if (options.printReady) {
    return {
      png: await sharp(png).flatten({ background: garment }).withMetadata({ density: 300 }).png({ compressionLevel: 6 }).toBuffer(),
      opaqueBackground: false,
    };
  }
  const opaque = await hasOpaqueBorder(png);
  // Raw RGBA between the steps: encoding a 4500×5400 PNG in the middle costs seconds for nothing.
  let image: RawImage = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (!opaque) {
    // An opaque picture keeps its own background around the design: the removal cuts it out from the edges.
    const trimmed = await fromRaw(image)
      .trim({ background: CLEAR, threshold: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null); // nothing to trim: keep it whole
    if (trimmed) image = trimmed;
  }
  if (options.canvas) image = await fitInto(image, options.canvas, opaque);
  let design = fromRaw(image);
  if (!options.transparent) design = design.flatten({ background: garment });
  // sharp has already brought an embedded profile's colours to sRGB: the profile is attached, not applied again.
  const out = await withSrgbProfile(await design.toColourspace('srgb').withDensity(300).png({ compressionLevel: 6 }).toBuffer());
  const fitted = image;
  const scaled: ScaledPrint = (maxSide) =>
    fromRaw(fitted).resize({ width: maxSide, height: maxSide, fit: 'inside', kernel: 'lanczos3', withoutEnlargement: true });
  return { png: out, opaqueBackground: options.transparent && opaque, ...(options.transparent && !opaque ? { scaled } : {}) };
}

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: number };
}

const fromRaw = ({ data, info }: RawImage) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 4 } });

/** Scales the design to the largest size inside the safe area of the canvas and centres it there. */
async function fitInto(image: RawImage, canvas: { width: number; height: number }, opaque: boolean): Promise<RawImage> {
  const box = { width: Math.round(canvas.width * (1 - 2 * SAFE_MARGIN)), height: Math.round(canvas.height * (1 - 2 * SAFE_MARGIN)) };
  const resized = await fromRaw(image)
    .resize({ ...box, fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = resized.info;
  const left = Math.floor((canvas.width - width) / 2);
  const top = Math.floor((canvas.height - height) / 2);
  return fromRaw(resized)
    .extend({
      left,
      top,
      right: canvas.width - width - left,
      bottom: canvas.height - height - top,
      ...(opaque ? { extendWith: 'mirror' as const } : { background: CLEAR }),
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** True when the image's outer edge has no transparency: the model ignored `background: transparent`. */
async function hasOpaqueBorder(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let transparent = 0;
  let total = 0;
  const at = (x: number, y: number) => {
    total += 1;
    if (data[y * width + x] < 250) transparent += 1;
  };
  for (let x = 0; x < width; x += 1) {
    at(x, 0);
    at(x, height - 1);
  }
  for (let y = 1; y < height - 1; y += 1) {
    at(0, y);
    at(width - 1, y);
  }
  return transparent < total * 0.02;
}
