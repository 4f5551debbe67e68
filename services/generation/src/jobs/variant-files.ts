import sharp from 'sharp';
import { DERIVATIVES } from '@printloom/contracts';
import type { ScaledPrint } from '@printloom/design-engine';
import type { GeneratedImage } from '../providers/image-provider.js';
import { toPrintFile, type PrintFinishOptions } from '../providers/print-finish.js';

export interface VariantFile {
  /** Appended to the variant's staging key (`jobs/{id}/A` + suffix). */
  suffix: string;
  body: Buffer;
  contentType: string;
}

export type Derivatives = { thumbnail: Buffer; preview: Buffer };

/**
 * The library's thumbnail and preview, from the print's pixels while the engine still holds them: the
 * print is shrunk once to the preview, and the thumbnail is shrunk from the preview's pixels.
 */
export async function deriveFromPixels(scaled: ScaledPrint): Promise<Derivatives> {
  const { data, info } = await scaled(DERIVATIVES.preview.maxSide).raw().toBuffer({ resolveWithObject: true });
  const previewPixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  const thumbnailSide = DERIVATIVES.thumbnail.maxSide;
  const [thumbnail, preview] = await Promise.all([
    previewPixels()
      .resize(thumbnailSide, thumbnailSide, { fit: 'inside', kernel: 'lanczos3', withoutEnlargement: true })
      .webp(DERIVATIVES.webp)
      .toBuffer(),
    previewPixels().webp(DERIVATIVES.webp).toBuffer(),
  ]);
  return { thumbnail, preview };
}

/** The staging key of one of a variant's files. */
export const variantFileKey = (imageKey: string, suffix: string) => (suffix === '.png' ? imageKey : imageKey.replace(/\.png$/, suffix));

/**
 * What the worker stores for one variant: the print file, and its thumbnail and preview from the
 * print's pixels (the engine's, or the fitted image's); assets makes them for a flattened print or after a
 * background removal.
 */
export async function prepareVariantFiles(
  image: GeneratedImage,
  options: PrintFinishOptions,
): Promise<{ files: VariantFile[]; opaqueBackground: boolean }> {
  const print = await toPrintFile(image.png, { ...options, printReady: image.printReady });
  const files: VariantFile[] = [{ suffix: '.png', body: print.png, contentType: 'image/png' }];
  // Derivatives of the transparent print only: a flattened or background-removed original differs from the pixels held.
  if (options.transparent && !print.opaqueBackground) {
    // The engine's own, or made here from the fitted pixels: either way assets never decodes the print again.
    const derivatives = image.derivatives ?? (print.scaled && (await deriveFromPixels(print.scaled)));
    if (derivatives) {
      files.push({ suffix: DERIVATIVES.thumbnail.suffix, body: derivatives.thumbnail, contentType: 'image/webp' });
      files.push({ suffix: DERIVATIVES.preview.suffix, body: derivatives.preview, contentType: 'image/webp' });
    }
  }
  return { files, opaqueBackground: print.opaqueBackground };
}
