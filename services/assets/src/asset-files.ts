import { createHash } from 'node:crypto';
import { EXPORT_PRESETS, GARMENT_CHOICES, MOCKUPS, type GarmentChoice as Garment } from '@printloom/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { assetKey, isPng, ObjectNotFoundError, withPngText, type ObjectStorage, type PngText } from '@printloom/storage';
import { deriveWebp, dimensionsOf, PREVIEW_SIZE, THUMBNAIL_SIZE } from './derivatives.js';
import { OBJECT_STORAGE } from './assets.tokens.js';
import type { AssetRef } from './domain/stored-asset.js';

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

  /**
   * Writes a new original (stamped with its PNG text) and its derivatives: the ones given (made by the
   * generation worker from the pixels it held), else made here by decoding the original.
   */
  async write(
    userId: string,
    assetId: string,
    source: Buffer,
    text: PngText,
    made?: { thumbnail: Buffer; preview: Buffer },
  ): Promise<{ width: number; height: number; size: number; etag: string }> {
    const original = isPng(source) ? await withPngText(source, text) : source;
    const [{ width, height }, thumbnail, preview] = await Promise.all([
      dimensionsOf(original),
      made?.thumbnail ?? deriveWebp(original, THUMBNAIL_SIZE),
      made?.preview ?? deriveWebp(original, PREVIEW_SIZE),
    ]);
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

  /** The worker's thumbnail and preview of a staged print, or undefined when either is missing. */
  async readDerivatives(keys: { thumbnailKey?: string; previewKey?: string }): Promise<{ thumbnail: Buffer; preview: Buffer } | undefined> {
    if (!keys.thumbnailKey || !keys.previewKey) return undefined;
    try {
      const [thumbnail, preview] = await Promise.all([this.storage.getBuffer(keys.thumbnailKey), this.storage.getBuffer(keys.previewKey)]);
      return { thumbnail, preview };
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return undefined;
      throw error;
    }
  }

  keyOf(userId: string, assetId: string, size: FileSize): string {
    return assetKey(userId, assetId, FILES[size].name);
  }

  /** Where an asset's print file for one export preset is kept once made. */
  exportKeyOf(userId: string, assetId: string, presetId: string): string {
    return assetKey(userId, assetId, `export-${presetId}.png`);
  }

  /**
   * Where an asset's print file for a garment is kept once made (`size`: its thumbnail or preview;
   * `presetId`: it fitted to an export preset). Beside the original, so it goes with it.
   */
  garmentKeyOf(
    userId: string,
    assetId: string,
    garment: Garment,
    variant: { size?: 'thumbnail' | 'preview'; presetId?: string } = {},
  ): string {
    if (variant.presetId) return assetKey(userId, assetId, `export-${variant.presetId}-${garment}.png`);
    if (variant.size) return assetKey(userId, assetId, `garment-${garment}-${FILES[variant.size].name}`);
    return assetKey(userId, assetId, `garment-${garment}.png`);
  }

  async hasFile(key: string): Promise<boolean> {
    return (await this.storage.stat(key)) !== null;
  }

  async writeExport(key: string, png: Buffer): Promise<void> {
    await this.storage.put(key, png, key.endsWith('.webp') ? FILES.thumbnail.contentType : FILES.original.contentType);
  }

  /** Where one of an asset's mockups (garment previews) is kept once made. */
  mockupKeyOf(userId: string, assetId: string, mockupId: string): string {
    return assetKey(userId, assetId, `mockup-${mockupId}.jpg`);
  }

  async writeMockup(key: string, jpeg: Buffer): Promise<void> {
    await this.storage.put(key, jpeg, 'image/jpeg');
  }

  /** Printify's mockups of the design's drafts: `mockup-printify-<publication>-<n>.{jpg,png}` and one `.json` per draft. */
  externalMockupPrefix(userId: string, assetId: string): string {
    return assetKey(userId, assetId, 'mockup-printify-');
  }

  externalMockupKeyOf(userId: string, assetId: string, mockupId: string, extension: 'jpg' | 'png' | 'json'): string {
    return assetKey(userId, assetId, `mockup-${mockupId}.${extension}`);
  }

  async writeFile(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.storage.put(key, body, contentType);
  }

  /** Every kept file of the design's Printify mockups (their keys). */
  async externalMockupKeys(userId: string, assetId: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of this.storage.list(this.externalMockupPrefix(userId, assetId))) keys.push(object.key);
    return keys.sort();
  }

  async remove(assets: AssetRef[]): Promise<void> {
    const exports = (asset: AssetRef) => [
      ...EXPORT_PRESETS.map((preset) => this.exportKeyOf(asset.userId, asset.id, preset.id)),
      ...GARMENT_CHOICES.flatMap((garment) => [
        this.garmentKeyOf(asset.userId, asset.id, garment),
        this.garmentKeyOf(asset.userId, asset.id, garment, { size: 'thumbnail' }),
        this.garmentKeyOf(asset.userId, asset.id, garment, { size: 'preview' }),
        ...EXPORT_PRESETS.map((preset) => this.garmentKeyOf(asset.userId, asset.id, garment, { presetId: preset.id })),
      ]),
      ...MOCKUPS.map((mockup) => this.mockupKeyOf(asset.userId, asset.id, mockup.id)),
    ];
    const external = (await Promise.all(assets.map((asset) => this.externalMockupKeys(asset.userId, asset.id)))).flat();
    await this.storage.delete([
      ...assets.flatMap((asset) => [...Object.values(FILES).map((file) => assetKey(asset.userId, asset.id, file.name)), ...exports(asset)]),
      ...external,
    ]);
  }
}
