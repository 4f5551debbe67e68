import sharp from 'sharp';

/**
 * Every provider's output becomes a print file: trimmed to the design (transparent margins removed),
 * transparent around it when asked, sRGB, 300 DPI, PNG.
 */
export async function toPrintFile(png: Buffer, transparent: boolean): Promise<Buffer> {
  let image = sharp(png).ensureAlpha();
  if (transparent) {
    const trimmed = await image.trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 1 }).toBuffer().catch(() => null);
    if (trimmed) image = sharp(trimmed);
  }
  return image.toColourspace('srgb').withMetadata({ density: 300 }).png({ compressionLevel: 6 }).toBuffer();
}
