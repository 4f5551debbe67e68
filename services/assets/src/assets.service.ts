import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, LIMITS, PUBLISHING, type Asset, type ASSETS, type DesignPublicationState, type RpcReply } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { decodeCursor, encodeCursor } from './domain/cursor.js';
import { pngTextOf } from './domain/asset-png-text.js';
import { ASSET_NOT_FOUND, toAsset } from './domain/asset-view.js';
import { AssetRepository } from './repositories/asset.repository.js';
import { CollectionRepository } from './repositories/collection.repository.js';
import { AssetFiles } from './asset-files.js';
import { BACKGROUND_REMOVER, type BackgroundRemover } from './assets.tokens.js';
import { AssetLifecycle } from './asset-lifecycle.service.js';
import { DesignArrivals } from './design-arrivals.js';

/** The library: designs stored at ingest, listed, starred and deleted; what a file is made of is renders'. */
@Injectable()
export class AssetsService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    @Inject(BACKGROUND_REMOVER) private readonly remover: BackgroundRemover,
    private readonly lifecycle: AssetLifecycle,
    private readonly arrivals: DesignArrivals,
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
    this.arrivals.announce();
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

  async jobsWithAssets(jobIds: string[]): Promise<{ jobIds: string[] }> {
    return { jobIds: jobIds.length > 0 ? await this.assets.jobIdsWithAssets(jobIds) : [] };
  }

  async flaggedDesigns(userId: string, assetIds: string[]): Promise<{ assetIds: string[] }> {
    return { assetIds: assetIds.length > 0 ? await this.assets.flaggedOf(userId, assetIds) : [] };
  }
}
