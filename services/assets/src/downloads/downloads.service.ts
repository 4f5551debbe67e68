import { Injectable } from '@nestjs/common';
import { AppError, exportPreset, type ExportPresetId, type GarmentChoice } from '@printloom/contracts';
import { downloadFileName } from '../domain/file-names.js';
import { pngTextOf } from '../domain/asset-png-text.js';
import { ASSET_NOT_FOUND, toAsset } from '../domain/asset-view.js';
import type { StoredAsset } from '../domain/stored-asset.js';
import { AssetRepository } from '../repositories/asset.repository.js';
import { AssetFiles, FILES, type FileSize } from '../asset-files.js';
import { inOrderOf } from '../selection/design-selection.js';
import { ExportFitting } from '../renders/export-fitting.service.js';
import { asBackgroundWork } from '../renders/image/background-work.js';
import { PrintFiles } from '../renders/print-files/print-files.service.js';

/**
 * Downloads and exports: which stored file answers a download, a ZIP or the account's export, made
 * on first request by renders (a garment's print file, an export fitted to a preset).
 */
@Injectable()
export class Downloads {
  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    private readonly exports: ExportFitting,
    private readonly printFiles: PrintFiles,
  ) {}

  /** Every image of the user, page by page, with the key of its original and a download name. */
  async exportPage(userId: string, after: string | null) {
    const limit = 200;
    const rows = await this.assets.exportPage(userId, after, limit);
    return {
      assets: rows.map((row) => ({
        ...toAsset(row),
        key: this.files.keyOf(row.userId, row.id, 'original'),
        fileName: downloadFileName(
          row.prompt,
          row.variant,
          row.kind === 'generated' ? '' : row.kind === 'upscaled' ? 'upscaled' : 'nobg',
          'png',
        ),
        bytes: row.originalSize,
      })),
      next: rows.length === limit ? rows[rows.length - 1].id : null,
    };
  }

  async resolveDownload(request: {
    userId: string;
    assetId: string;
    size?: 'thumbnail' | 'preview';
    preset?: ExportPresetId;
    garment?: GarmentChoice;
    background?: boolean;
  }) {
    return request.background ? asBackgroundWork(() => this.resolveFile(request)) : this.resolveFile(request);
  }

  private async resolveFile(request: {
    userId: string;
    assetId: string;
    size?: 'thumbnail' | 'preview';
    preset?: ExportPresetId;
    garment?: GarmentChoice;
  }) {
    const row = await this.assets.findOwned(request.userId, request.assetId);
    if (!row) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
    if (request.garment) return this.resolveGarment(row, request.garment, request);
    if (request.preset) return this.resolveExport(row, request.preset);
    const size: FileSize = request.size ?? 'original';
    const file = FILES[size];
    const suffix = row.kind === 'upscaled' ? `${Math.round(row.width / 1000)}k` : row.kind === 'background-removed' ? 'nobg' : '';
    return {
      key: this.files.keyOf(row.userId, row.id, size),
      contentType: file.contentType,
      fileName: downloadFileName(row.prompt, row.variant, size === 'original' ? suffix : size, file.extension),
      etag: `"${row.etag}-${size}"`,
      immutable: size !== 'original',
      pngText: size === 'original' ? pngTextOf(row) : undefined,
    };
  }

  /** The asset's print file for a garment (or its thumbnail, preview or export), made on first request. */
  private async resolveGarment(
    row: StoredAsset,
    garment: GarmentChoice,
    request: { size?: 'thumbnail' | 'preview'; preset?: ExportPresetId },
  ) {
    const text = pngTextOf(row);
    if (request.size) {
      const file = FILES[request.size];
      return {
        key: await this.printFiles.sizedFor(row, garment, request.size),
        contentType: file.contentType,
        fileName: downloadFileName(row.prompt, row.variant, `${garment}-${request.size}`, file.extension),
        etag: `"${row.etag}-${garment}-${request.size}"`,
        immutable: true,
        pngText: undefined,
      };
    }
    const presetId = request.preset;
    const preset = presetId && exportPreset(presetId);
    return {
      key: presetId ? await this.printFiles.exportFor(row, garment, presetId) : await this.printFiles.printFileFor(row, garment),
      contentType: 'image/png',
      fileName: preset
        ? downloadFileName(row.prompt, null, `${preset.id}-${garment}`, 'png')
        : downloadFileName(row.prompt, row.variant, garment, 'png'),
      etag: preset ? `"${row.etag}-${preset.id}-${garment}"` : `"${row.etag}-${garment}"`,
      immutable: true,
      pngText: text,
    };
  }

  /**
   * The asset fitted to a product's canvas, made on first request (in the worker pool, within the
   * user's share) and kept beside the original.
   */
  private async resolveExport(row: StoredAsset, presetId: ExportPresetId) {
    const preset = exportPreset(presetId);
    const key = this.files.exportKeyOf(row.userId, row.id, preset.id);
    const text = pngTextOf(row);
    await this.exports.ensure(row, presetId, key, text);
    return {
      key,
      contentType: 'image/png',
      fileName: downloadFileName(row.prompt, null, preset.id, 'png'),
      etag: `"${row.etag}-${preset.id}"`,
      immutable: true,
      pngText: text,
    };
  }

  /**
   * The files of a ZIP; with a preset, their exports (named like a single export, numbered when alike),
   * refused when the exports still to make do not fit in the user's share now (made on their turn by
   * the gateway, one at a time, before the ZIP's first byte).
   */
  async resolveZip(request: { userId: string; ids: string[]; preset?: ExportPresetId; garment?: GarmentChoice }) {
    const unique = [...new Set(request.ids)];
    const rows = await this.assets.findManyOwned(request.userId, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
    // In the order asked for (the database answers in its own): files are made, and named -2, -3, in that order.
    const ordered = inOrderOf(unique, rows);
    const files = this.zipFiles(ordered, request.preset, request.garment);
    if (request.garment)
      this.exports.admitZip(request.userId, await this.printFiles.missing(ordered, request.garment, request.preset), request.preset);
    else if (request.preset)
      this.exports.admitZip(request.userId, await this.exports.missing(files.map((file) => file.key)), request.preset);
    return { files };
  }

  /** Where each design's file (as generated, for a garment, or fitted to a preset) is kept, and its name in a ZIP. */
  zipFiles(rows: StoredAsset[], preset?: ExportPresetId, garment?: GarmentChoice) {
    const used = new Map<string, number>();
    return rows.map((row) => {
      let fileName = preset
        ? downloadFileName(row.prompt, null, [preset, garment ?? ''].filter(Boolean).join('-'), 'png')
        : downloadFileName(
            row.prompt,
            row.variant,
            [row.kind === 'generated' ? '' : row.kind === 'upscaled' ? 'upscaled' : 'nobg', garment ?? ''].filter(Boolean).join('-'),
            'png',
          );
      const seen = used.get(fileName) ?? 0;
      used.set(fileName, seen + 1);
      if (seen > 0) fileName = fileName.replace(/\.png$/, `-${seen + 1}.png`);
      const key = garment
        ? this.files.garmentKeyOf(row.userId, row.id, garment, { presetId: preset })
        : preset
          ? this.files.exportKeyOf(row.userId, row.id, preset)
          : this.files.keyOf(row.userId, row.id, 'original');
      return { assetId: row.id, key, fileName, pngText: pngTextOf(row) };
    });
  }
}
