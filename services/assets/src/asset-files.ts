import { createHash } from 'node:crypto';
import { EXPORT_PRESETS } from '@printloom/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { assetKey, isPng, withPngText, type ObjectStorage, type PngText } from '@printloom/storage';
import { deriveWebp, dimensionsOf, PREVIEW_SIZE, THUMBNAIL_SIZE } from './image/derivatives.js';
import { OBJECT_STORAGE } from './assets.tokens.js';

export const FILES = {
  original: { name: 'original.png', contentType: 'image/png', extension: 'png' },
  preview: { name: 'preview.webp', contentType: 'image/webp', extension: 'webp' },
  thumbnail: { name: 'thumbnail.webp', contentType: 'image/webp', extension: 'webp' },
} as const;
export type FileSize = keyof typeof FILES;

/** An asset's three files: the print original and its two WebP derivatives, made once at ingest. */
@Injectable()
export class AssetFiles {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** Writes a new original (stamped with its PNG text) and its derivatives. */
  async write(userId: string, assetId: string, source: Buffer, text: PngText): Promise<{ width: number; height: number; size: number; etag: string }> {
    const original = isPng(source) ? await withPngText(source, text) : source;
    const [{ width, height }, thumbnail, preview] = await Promise.all([dimensionsOf(original), deriveWebp(original, THUMBNAIL_SIZE), deriveWebp(original, PREVIEW_SIZE)]);
    await Promise.all([
      this.storage.put(assetKey(userId, assetId, FILES.original.name), original, FILES.original.contentType),
      this.storage.put(assetKey(userId, assetId, FILES.thumbnail.name), thumbnail, FILES.thumbnail.contentType),
      this.storage.put(assetKey(userId, assetId, FILES.preview.name), preview, FILES.preview.contentType),
    ]);
    return { width, height, size: original.length, etag: createHash('sha256').update(original).digest('hex').slice(0, 32) };
  }

  readOriginal(userId: string, assetId: string): Promise<Buffer> {
    return this.storage.getBuffer(assetKey(userId, assetId, FILES.original.name));
  }

  readSource(key: string): Promise<Buffer> {
    return this.storage.getBuffer(key);
  }

  keyOf(userId: string, assetId: string, size: FileSize): string {
    return assetKey(userId, assetId, FILES[size].name);
  }

  /** Where an asset's print file for one export preset is kept once made. */
  exportKeyOf(userId: string, assetId: string, presetId: string): string {
    return assetKey(userId, assetId, `export-${presetId}.png`);
  }

  async hasFile(key: string): Promise<boolean> {
    return (await this.storage.stat(key)) !== null;
  }

  async writeExport(key: string, png: Buffer): Promise<void> {
    await this.storage.put(key, png, FILES.original.contentType);
  }

  async remove(assets: Array<{ id: string; user_id: string }>): Promise<void> {
    const exports = (asset: { id: string; user_id: string }) => EXPORT_PRESETS.map((preset) => this.exportKeyOf(asset.user_id, asset.id, preset.id));
    await this.storage.delete(assets.flatMap((asset) => [...Object.values(FILES).map((file) => assetKey(asset.user_id, asset.id, file.name)), ...exports(asset)]));
  }
}
