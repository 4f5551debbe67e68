import sharp from 'sharp';

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

export interface PrintFinishOptions {
  /** Transparent around the design; otherwise flattened onto the garment colour. */
  transparent: boolean;
  /** Printed on a dark garment (the flattening colour when not transparent). */
  dark: boolean;
  /** The provider's file is already final (the local design engine's). */
  printReady?: boolean;
}

/**
 * Every provider's output becomes a print file: trimmed to the design (transparent margins removed),
 * transparent around it when asked or else flattened onto the garment colour, sRGB, 300 DPI, PNG.
 * A file that is already final and transparent is stored untouched: re-encoding a 4500×5400 PNG
 * costs about a second for nothing.
 */
export async function toPrintFile(png: Buffer, options: PrintFinishOptions): Promise<Buffer> {
  if (options.printReady && options.transparent) return png;
  if (options.printReady) return sharp(png).flatten({ background: options.dark ? '#000000' : '#ffffff' }).withMetadata({ density: 300 }).png({ compressionLevel: 6 }).toBuffer();
  let image = sharp(png).ensureAlpha();
  if (options.transparent) {
    const trimmed = await image.trim({ background: CLEAR, threshold: 1 }).toBuffer().catch(() => null);
    if (trimmed) image = sharp(trimmed);
  } else {
    image = image.flatten({ background: options.dark ? '#000000' : '#ffffff' });
  }
  return image.toColourspace('srgb').withMetadata({ density: 300 }).png({ compressionLevel: 6 }).toBuffer();
}
