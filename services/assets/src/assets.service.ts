import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  exportPreset,
  LIMITS,
  PUBLISHING,
  type Asset,
  type ASSETS,
  type DesignPublicationState,
  type ExportPresetId,
  type GarmentChoice,
  type RpcReply,
} from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { decodeCursor, encodeCursor } from './domain/cursor.js';
import { downloadFileName } from './domain/file-names.js';
import { pngTextOf } from './domain/asset-png-text.js';
import { ExportFitting } from './renders/export-fitting.service.js';
import { AssetRepository } from './repositories/asset.repository.js';
import { CollectionRepository } from './repositories/collection.repository.js';
import type { StoredAsset } from './domain/stored-asset.js';
import { AssetFiles, FILES, type FileSize } from './asset-files.js';
import type { BackgroundRemover } from './renders/image/background-remover.js';
import { BACKGROUND_REMOVER } from './assets.tokens.js';
import { asBackgroundWork } from './renders/image/background-work.js';
import { AssetLifecycle } from './asset-lifecycle.service.js';
import { garmentAsGenerated, PrintFiles } from './renders/print-files/print-files.service.js';
import { QualityVerdicts } from './renders/quality/quality-verdicts.service.js';
import { inOrderOf } from './design-jobs/design-selection.js';

export const ASSET_NOT_FOUND = 'Image not found';

export function toAsset(asset: StoredAsset): Asset {
  return {
    id: asset.id,
    jobId: asset.jobId,
    job: { prompt: asset.prompt },
    starred: asset.starred,
    createdAt: asset.createdAt.toISOString(),
    expiresAt: asset.expiresAt.toISOString(),
    width: asset.width,
    height: asset.height,
    variant: asset.variant,
    sourceAssetId: asset.sourceAssetId,
    kind: asset.kind,
    backgroundKept: asset.backgroundKept,
    garment: garmentAsGenerated(asset),
    // Only designs as generated are judged; an edited copy carries no verdict.
    ...(asset.kind === 'generated' ? { quality: asset.quality } : {}),
  };
}

@Injectable()
export class AssetsService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    @Inject(BACKGROUND_REMOVER) private readonly remover: BackgroundRemover,
    private readonly lifecycle: AssetLifecycle,
    private readonly exports: ExportFitting,
    private readonly printFiles: PrintFiles,
    private readonly verdicts: QualityVerdicts,
    private readonly collections: CollectionRepository,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Generation hands over files it already stored; each (job, variant) becomes one asset, once. An
   * image drawn opaque though a transparent one was asked for has its background cut out first; if
   * that fails it is stored as it is and the asset says so (the card shows it).
   */
  async ingest(request: {
    userId: string;
    jobId: string;
    prompt: string;
    images: Array<{ variant: 'A' | 'B' | 'C' | 'D'; key: string; removeBackground?: boolean; thumbnailKey?: string; previewKey?: string }>;
    dark?: boolean;
    drawnBy?: 'engine' | 'image-model';
    transparent?: boolean;
    batch?: { id: string; position: number };
  }): Promise<{ assetIds: string[] }> {
    const assetIds: string[] = [];
    for (const image of request.images) {
      const existing = await this.assets.findGenerated(request.jobId, image.variant);
      if (existing) {
        assetIds.push(existing.id);
        continue;
      }
      const id = randomUUID();
      let original = await this.files.readSource(image.key);
      let backgroundKept = false;
      if (image.removeBackground) {
        try {
          original = await this.remover.remove(original);
        } catch (error) {
          backgroundKept = true;
          this.logger.warn(
            { err: error, jobId: request.jobId, variant: image.variant },
            'Could not remove the background the image model drew; stored as it is',
          );
        }
      }
      const text = pngTextOf({ prompt: request.prompt, jobId: request.jobId, variant: image.variant, createdAt: new Date() });
      // The worker's derivatives show the pixels it held: not after a background removal here.
      const made = image.removeBackground ? undefined : await this.files.readDerivatives(image);
      const written = await this.files.write(request.userId, id, original, text, made);
      const { asset, created } = await this.assets.insertOrGetGenerated(
        {
          id,
          userId: request.userId,
          jobId: request.jobId,
          variant: image.variant,
          kind: 'generated',
          sourceAssetId: null,
          prompt: request.prompt,
          width: written.width,
          height: written.height,
          originalSize: written.size,
          etag: written.etag,
          backgroundKept,
          // The brief the engine draws the other garment's file from (prompt, job id and variant are kept already).
          drawnForDark: request.dark ?? null,
          drawnBy: request.drawnBy ?? null,
          transparentAsked: request.transparent ?? null,
        },
        LIMITS.retentionDays,
      );
      if (!created) await this.files.remove([{ id, userId: request.userId }]); // lost a race with a retry
      assetIds.push(asset.id);
    }
    // A collection's row: its designs are answered with the collection from now on (a repeated ingest changes nothing).
    if (request.batch) await this.collections.recordDesigns(request.userId, request.batch, assetIds);
    // The designs are in the library now; their quality verdict follows in the background.
    this.verdicts.wake();
    return { assetIds };
  }

  async list(request: {
    userId: string;
    cursor?: string;
    search?: string;
    starred: boolean;
    publication?: DesignPublicationState;
  }): Promise<{ assets: Asset[]; nextCursor: string | null }> {
    const after = request.cursor ? decodeCursor(request.cursor) : null;
    if (request.cursor && !after) throw new AppError('BAD_REQUEST', 'Invalid cursor');
    const words = (request.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    const limit = LIMITS.assetsPageSize;
    const onlyIds = await this.designsWithPublication(request.userId, request.publication);
    if (onlyIds?.length === 0) return { assets: [], nextCursor: null };
    const rows = await this.assets.page(request.userId, { after, starredOnly: request.starred, words, limit: limit + 1, onlyIds });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      assets: page.map(toAsset),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTimestamp, id: last.id }) : null,
    };
  }

  /**
   * Publications are publishing's: which designs have a draft or are published is asked of it, and the
   * page is read from those (undefined: no such filter).
   */
  private async designsWithPublication(userId: string, state: DesignPublicationState | undefined): Promise<string[] | undefined> {
    if (!state) return undefined;
    return (await this.rpc.request(PUBLISHING.publishedDesigns, { userId, state })).assetIds;
  }

  /** The words a design was made from, for its owner only (another user's design looks missing). */
  async designBrief(userId: string, assetId: string): Promise<RpcReply<typeof ASSETS.designBrief>> {
    const row = await this.assets.findOwned(userId, assetId);
    if (!row) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
    return { assetId: row.id, prompt: row.prompt, variant: row.variant };
  }

  async toggleStar(userId: string, assetId: string): Promise<{ asset: Asset }> {
    const row = await this.assets.toggleStar(userId, assetId, {
      retention: LIMITS.retentionDays,
      starred: LIMITS.starredRetentionDays,
      unstarGrace: LIMITS.unstarGraceDays,
    });
    if (!row) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
    return { asset: toAsset(row) };
  }

  async delete(userId: string, assetId: string): Promise<{ deleted: number }> {
    return this.deleteMany(userId, [assetId]);
  }

  /**
   * All or nothing: an id that is missing or someone else's fails the whole request, deleting nothing.
   * Marked first (gone for the user at once), then files, then rows: if a later step fails, the
   * marked rows are finished by the sweeper, so files never outlive their rows.
   */
  async deleteMany(userId: string, ids: string[]): Promise<{ deleted: number }> {
    const unique = [...new Set(ids)];
    const marked = await this.assets.transaction(async (tx) => {
      const rows = await this.assets.markOwned(tx, userId, unique);
      if (rows.length !== unique.length) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
      return rows;
    });
    await this.lifecycle
      .finishDelete(marked)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Delete interrupted after the mark; the sweeper will finish it'));
    return { deleted: marked.length };
  }

  usage(userId: string): Promise<{ images: number; bytes: number; expiringSoon: number }> {
    return this.assets.usage(userId, LIMITS.expiryWarningDays);
  }

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

  async jobsWithAssets(jobIds: string[]): Promise<{ jobIds: string[] }> {
    return { jobIds: jobIds.length > 0 ? await this.assets.jobIdsWithAssets(jobIds) : [] };
  }

  async flaggedDesigns(userId: string, assetIds: string[]): Promise<{ assetIds: string[] }> {
    return { assetIds: assetIds.length > 0 ? await this.assets.flaggedOf(userId, assetIds) : [] };
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
