import { Inject, Injectable } from '@nestjs/common';
import { STORAGE_PREFIXES, parseAssetKey, type ObjectStorage } from '@printloom/storage';
import { AssetRepository } from './repositories/asset.repository.js';
import type { AssetRef } from './domain/stored-asset.js';
import { AssetFiles, FILES } from './asset-files.js';
import { ASSETS_CONFIG, OBJECT_STORAGE } from './assets.tokens.js';
import type { AssetsConfig } from './config.js';

const BATCH = 200;

/**
 * Keeps files and rows in agreement. Every delete runs in the same order (mark the row, delete the
 * files, delete the row), so a crash at any step leaves a marked row that `finishInterrupted` takes
 * over; files written before their row (ingest, derived images) that never got one are found by
 * `reconcile`, as are rows whose original is gone.
 */
@Injectable()
export class AssetLifecycle {
  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(ASSETS_CONFIG) private readonly config: AssetsConfig,
  ) {}

  /** Steps 2 and 3 for rows already marked: files first, then the rows. */
  async finishDelete(marked: AssetRef[]): Promise<void> {
    if (marked.length === 0) return;
    await this.files.remove(marked);
    await this.assets.deleteMarked(marked.map((asset) => asset.id));
  }

  /** A deleted account's library, after the retention: every image (files, then rows) and its records. */
  async purgeUser(userId: string): Promise<{ assets: number }> {
    let total = 0;
    for (;;) {
      const marked = await this.assets.markUserBatch(userId, BATCH);
      if (marked.length === 0) break;
      await this.finishDelete(marked);
      total += marked.length;
    }
    await this.finishDelete(await this.assets.markedOf(userId)); // marked earlier, by a delete that stopped half-way
    await this.assets.deleteUserRecords(userId);
    return { assets: total };
  }

  /** Retention: expired assets go, in batches, marked first. */
  async sweepExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.assets.markExpiredBatch(BATCH);
      if (batch.length === 0) return total;
      await this.finishDelete(batch);
      total += batch.length;
    }
  }

  /** Deletes that stopped after the mark or after the files (a crash, storage down) are finished. */
  async finishInterrupted(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.assets.markedBatch(this.config.ASSET_ORPHAN_GRACE_MS / 1000, BATCH);
      if (batch.length === 0) return total;
      await this.finishDelete(batch);
      total += batch.length;
    }
  }

  /**
   * Files without a row (older than the grace period, so an ingest in progress is left alone) are
   * deleted; rows whose original is missing are deleted with whatever files they still have.
   */
  async reconcile(): Promise<{ orphan_files: number; rows_without_original: number }> {
    const startedAt = new Date();
    const cutoff = startedAt.getTime() - this.config.ASSET_ORPHAN_GRACE_MS;
    const withOriginal = new Set<string>();
    const pending = new Map<string, string[]>(); // assetId → its old keys, checked against rows in batches
    let orphanFiles = 0;
    const flush = async () => {
      const ids = [...pending.keys()];
      const existing = ids.length > 0 ? await this.assets.existingIds(ids.filter(isUuid)) : new Set<string>();
      const orphans = ids.filter((id) => !existing.has(id)).flatMap((id) => pending.get(id)!);
      if (orphans.length > 0) await this.storage.delete(orphans);
      orphanFiles += orphans.length;
      pending.clear();
    };
    for await (const object of this.storage.list(STORAGE_PREFIXES.users)) {
      const parsed = parseAssetKey(object.key);
      if (!parsed) continue;
      if (parsed.file === FILES.original.name) withOriginal.add(parsed.assetId);
      if (object.lastModified.getTime() > cutoff) continue;
      pending.set(parsed.assetId, [...(pending.get(parsed.assetId) ?? []), object.key]);
      if (pending.size >= BATCH) await flush();
    }
    await flush();

    let rowsWithoutOriginal = 0;
    for (let after: string | null = null; ;) {
      const batch = await this.assets.unmarkedBatch(after, new Date(Math.min(startedAt.getTime(), cutoff)), BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].id;
      const broken = batch.filter((asset) => !withOriginal.has(asset.id));
      if (broken.length === 0) continue;
      const marked = await this.assets.markMany(broken.map((asset) => asset.id));
      await this.finishDelete(marked);
      rowsWithoutOriginal += marked.length;
    }
    return { orphan_files: orphanFiles, rows_without_original: rowsWithoutOriginal };
  }
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
