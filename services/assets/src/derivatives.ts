import { DERIVATIVES } from '@printloom/contracts';
import { withoutSrgbProfile, withSrgbProfile } from '@printloom/design-engine';
import sharp, { type Sharp } from 'sharp';

export const THUMBNAIL_SIZE = DERIVATIVES.thumbnail.maxSide;
export const PREVIEW_SIZE = DERIVATIVES.preview.maxSide;

/** A smaller WebP of an image, keeping transparency, for the library grid and the dialogs. */
export async function deriveWebp(image: Buffer, maxSide: number): Promise<Buffer> {
  return sharp(await withoutSrgbProfile(image))
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .webp(DERIVATIVES.webp)
    .toBuffer();
}

export async function dimensionsOf(image: Buffer): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(image).metadata();
  if (!width || !height) throw new Error('Not a readable image');
  return { width, height };
}

/** Print-file finish shared by every derived original: PNG, sRGB (tagged with its profile), 300 DPI. */
export async function toPrintPng(pipeline: Sharp): Promise<Buffer> {
  // The input's EXIF and XMP are kept as before (withMetadata); its profile is not converted again (sRGB already).
  return withSrgbProfile(
    await pipeline.toColourspace('srgb').keepExif().keepXmp().withDensity(300).png({ compressionLevel: 6 }).toBuffer(),
  );
}
