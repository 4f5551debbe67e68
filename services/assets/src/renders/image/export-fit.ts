import sharp from 'sharp';
import { AppError, EXPORT_SAFE_MARGIN, type ExportPreset } from '@printloom/contracts';
import { withoutSrgbProfile, withSrgbProfile } from '@printloom/design-engine';

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** The box around every pixel that is not fully transparent (the whole image when it is opaque). */
async function drawnBounds(image: Buffer): Promise<{ left: number; top: number; width: number; height: number }> {
  const { data, info } = await sharp(image).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return { left: 0, top: 0, width, height };
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * An asset as a product's print file: the drawn part scaled with lanczos to fill the canvas inside its
 * safe margin, centred; padding transparent, or white for presets printed without transparency; sRGB,
 * tagged 300 DPI. Over the preset's byte cap it is refused rather than handed out to be rejected later.
 */
export async function fitToPreset(stored: Buffer, preset: ExportPreset): Promise<Buffer> {
  const original = await withoutSrgbProfile(stored);
  const bounds = await drawnBounds(original);
  const safeWidth = Math.floor(preset.width * (1 - 2 * EXPORT_SAFE_MARGIN));
  const safeHeight = Math.floor(preset.height * (1 - 2 * EXPORT_SAFE_MARGIN));
  const scale = Math.min(safeWidth / bounds.width, safeHeight / bounds.height);
  const width = Math.max(1, Math.round(bounds.width * scale));
  const height = Math.max(1, Math.round(bounds.height * scale));
  // Posters are flattened while the art is still small, so the big canvas is encoded once, without alpha.
  const resized = sharp(original).ensureAlpha().extract(bounds).resize(width, height, { kernel: 'lanczos3', fit: 'fill' });
  const art = await (preset.opaque ? resized.flatten({ background: WHITE }) : resized).png({ compressionLevel: 1 }).toBuffer();
  const left = Math.floor((preset.width - width) / 2);
  const top = Math.floor((preset.height - height) / 2);
  const canvas = sharp({
    create: { width: preset.width, height: preset.height, channels: preset.opaque ? 3 : 4, background: preset.opaque ? WHITE : CLEAR },
  }).composite([{ input: art, left, top }]);
  const png = await withSrgbProfile(
    await (preset.opaque ? canvas.removeAlpha() : canvas)
      .toColourspace('srgb')
      .withDensity(preset.dpi)
      .png({ compressionLevel: 6 })
      .toBuffer(),
  );
  if (png.length > preset.maxBytes) {
    const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
    throw new AppError(
      'UNPROCESSABLE',
      `This image exported for ${preset.name} would be ${megabytes(png.length)} MB, over that product's ${megabytes(preset.maxBytes)} MB limit`,
    );
  }
  return png;
}
