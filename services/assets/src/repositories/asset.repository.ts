import { Injectable, Optional } from '@nestjs/common';
import { LeasedRows, UserChangeTransactions } from '@printloom/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { DesignQuality } from '@printloom/contracts';
import type { PageCursor } from '../domain/cursor.js';
import type { AssetRef, NewAsset, StoredAsset } from '../domain/stored-asset.js';
import { LibraryChanges } from '../library-changes.js';

/** A row as PostgreSQL returns it; mapped to a StoredAsset before it leaves this file. */
export interface AssetRow {
  id: string;
  user_id: string;
  job_id: string | null;
  variant: 'A' | 'B' | 'C' | 'D' | null;
  kind: 'generated' | 'background-removed' | 'upscaled';
  source_asset_id: string | null;
  prompt: string;
  width: number;
  height: number;
  starred: boolean;
  original_size: string;
  etag: string;
  created_at: Date;
  expires_at: Date;
  background_kept: boolean;
  drawn_for_dark: boolean | null;
  drawn_by: 'engine' | 'image-model' | null;
  transparent_asked: boolean | null;
  quality: DesignQuality | null;
  cursor_ts: string;
}

export const COLUMNS = `id, user_id, job_id, variant, kind, source_asset_id, prompt, width, height, starred, original_size, etag, created_at, expires_at, background_kept, drawn_for_dark, drawn_by, transparent_asked, quality,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;
export const LIVE = `expires_at > now() AND deleting_at IS NULL`;
/** How many of a library's newest designs a search looks through before it asks the trigram index. */
const SEARCH_WALK = 2000;

type RefRow = { id: string; user_id: string };

export function toStoredAsset(row: AssetRow): StoredAsset {
  return {
    id: row.id,
    userId: row.user_id,
    jobId: row.job_id,
    variant: row.variant,
    kind: row.kind,
    sourceAssetId: row.source_asset_id,
    prompt: row.prompt,
    width: row.width,
    height: row.height,
    starred: row.starred,
    originalSize: Number(row.original_size),
    etag: row.etag,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    backgroundKept: row.background_kept,
    drawnForDark: row.drawn_for_dark,
    drawnBy: row.drawn_by,
    transparentAsked: row.transparent_asked,
    quality: row.quality,
    cursorTimestamp: row.cursor_ts,
  };
}

export const toAssetRef = (row: RefRow): AssetRef => ({ id: row.id, userId: row.user_id });

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const INSERT_ASSET = `INSERT INTO assets.assets (id, user_id, job_id, variant, kind, source_asset_id, prompt, width, height, original_size, etag, expires_at, background_kept, drawn_for_dark, drawn_by, transparent_asked)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(days => $12), $13, $14, $15, $16)`;

function insertParameters(asset: NewAsset, retentionDays: number): unknown[] {
  return [
    asset.id,
    asset.userId,
    asset.jobId,
    asset.variant,
    asset.kind,
    asset.sourceAssetId,
    asset.prompt,
    asset.width,
    asset.height,
    asset.originalSize,
    asset.etag,
    retentionDays,
    asset.backgroundKept ?? false,
    asset.drawnForDark ?? null,
    asset.drawnBy ?? null,
    asset.transparentAsked ?? null,
  ];
}

/**
 * The assets table. Every write that changes what a user's library list shows announces the user once it
 * committed (LibraryChanges), so gateways' cached pages never outlive a change.
 */
@Injectable()
export class AssetRepository {
  /** The users whose library a running transaction changes, announced once it committed. */
  private readonly transactions: UserChangeTransactions;

  constructor(
    private readonly dataSource: DataSource,
    @Optional() changes?: LibraryChanges,
  ) {
    this.transactions = new UserChangeTransactions(dataSource, changes);
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }

  /** Announces the owners of what a committed statement changed; returns the changed items. */
  private async announced<T extends { userId: string }>(changed: T[]): Promise<T[]> {
    await this.transactions.announce(changed.map((item) => item.userId));
    return changed;
  }

  /** Inserts unless the job's variant already exists (a retried ingest); returns the row either way. */
  async insertOrGetGenerated(asset: NewAsset, retentionDays: number): Promise<{ asset: StoredAsset; created: boolean }> {
    const [inserted]: AssetRow[] = await this.dataSource.query(
      `${INSERT_ASSET} ON CONFLICT (job_id, variant) WHERE kind = 'generated' DO NOTHING RETURNING ${COLUMNS}`,
      insertParameters(asset, retentionDays),
    );
    if (inserted) return { asset: (await this.announced([toStoredAsset(inserted)]))[0]!, created: true };
    return { asset: (await this.findGenerated(asset.jobId!, asset.variant!))!, created: false };
  }

  async findGenerated(jobId: string, variant: string): Promise<StoredAsset | null> {
    const [row]: AssetRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.assets WHERE job_id = $1 AND variant = $2 AND kind = 'generated'`,
      [jobId, variant],
    );
    return row ? toStoredAsset(row) : null;
  }

  async insertDerived(asset: NewAsset, retentionDays: number): Promise<StoredAsset> {
    const [row]: AssetRow[] = await this.dataSource.query(`${INSERT_ASSET} RETURNING ${COLUMNS}`, insertParameters(asset, retentionDays));
    return (await this.announced([toStoredAsset(row!)]))[0]!;
  }

  /** A live asset of this user, or null (another user's id looks exactly like a missing one). */
  async findOwned(userId: string, id: string): Promise<StoredAsset | null> {
    const [row]: AssetRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.assets WHERE id = $1 AND user_id = $2 AND ${LIVE}`,
      [id, userId],
    );
    return row ? toStoredAsset(row) : null;
  }

  async findManyOwned(userId: string, ids: string[]): Promise<StoredAsset[]> {
    const rows: AssetRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.assets WHERE id = ANY($1::uuid[]) AND user_id = $2 AND ${LIVE}`,
      [ids, userId],
    );
    return rows.map(toStoredAsset);
  }

  /**
   * One page, newest first, keyset on (created_at, id); every word of `search` must appear in the prompt.
   * A search is answered in two bounded steps, whatever the library's size (a seller may own 100,000
   * designs): the newest SEARCH_WALK designs are looked through first, which fills the page of a common
   * word at once; if that does not fill it, the (user, prompt trigram) index finds every match, few by
   * then. One query cannot be trusted with it: the planner expects matches to be spread evenly and walks
   * a big library through for a word none of its designs has (measured: 200–570 ms at 100,000 designs).
   */
  async page(
    userId: string,
    options: { after: PageCursor | null; starredOnly: boolean; words: string[]; limit: number; onlyIds?: string[] },
  ): Promise<StoredAsset[]> {
    const params: unknown[] = [userId, options.limit];
    const where = ['user_id = $1', LIVE];
    if (options.starredOnly) where.push('starred');
    if (options.onlyIds) {
      params.push(options.onlyIds);
      where.push(`id = ANY($${params.length}::uuid[])`);
    }
    if (options.after) {
      params.push(options.after.createdAt, options.after.id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    const order = 'ORDER BY created_at DESC, id DESC';
    if (options.words.length === 0) {
      const rows: AssetRow[] = await this.dataSource.query(
        `SELECT ${COLUMNS} FROM assets.assets WHERE ${where.join(' AND ')} ${order} LIMIT $2`,
        params,
      );
      return rows.map(toStoredAsset);
    }
    const matching: string[] = [];
    for (const word of options.words) {
      params.push(likePattern(word));
      matching.push(`prompt ILIKE $${params.length}`);
    }
    const recent: AssetRow[] = await this.dataSource.query(
      `SELECT * FROM (SELECT ${COLUMNS} FROM assets.assets WHERE ${where.join(' AND ')} ${order} LIMIT ${SEARCH_WALK}) recent
       WHERE ${matching.join(' AND ')} ${order} LIMIT $2`,
      params,
    );
    if (recent.length >= options.limit) return recent.map(toStoredAsset);
    const rows: AssetRow[] = await this.dataSource.query(
      `WITH matches AS MATERIALIZED (SELECT ${COLUMNS} FROM assets.assets WHERE ${[...where, ...matching].join(' AND ')})
       SELECT * FROM matches ${order} LIMIT $2`,
      params,
    );
    return rows.map(toStoredAsset);
  }

  /**
   * Toggles the star: starred assets are kept a year from now; un-starring never destroys at once,
   * the asset is kept until the later of created + retention and un-starred + grace.
   */
  async toggleStar(
    userId: string,
    id: string,
    days: { retention: number; starred: number; unstarGrace: number },
  ): Promise<StoredAsset | null> {
    const [rows]: [AssetRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET starred = NOT starred,
         unstarred_at = CASE WHEN starred THEN now() ELSE NULL END,
         expires_at = CASE WHEN starred THEN greatest(created_at + make_interval(days => $3), now() + make_interval(days => $5))
                      ELSE now() + make_interval(days => $4) END
       WHERE id = $1 AND user_id = $2 AND ${LIVE} RETURNING ${COLUMNS}`,
      [id, userId, days.retention, days.starred, days.unstarGrace],
    );
    return rows[0] ? (await this.announced([toStoredAsset(rows[0])]))[0]! : null;
  }

  /**
   * Stars or un-stars (the retention rules of toggleStar); a design already so is left as it is. Null
   * when the design is not the user's live design.
   */
  async setStarred(
    userId: string,
    id: string,
    starred: boolean,
    days: { retention: number; starred: number; unstarGrace: number },
  ): Promise<StoredAsset | null> {
    const [rows]: [AssetRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET starred = $6,
         unstarred_at = CASE WHEN $6 THEN NULL ELSE now() END,
         expires_at = CASE WHEN $6 THEN now() + make_interval(days => $4)
                      ELSE greatest(created_at + make_interval(days => $3), now() + make_interval(days => $5)) END
       WHERE id = $1 AND user_id = $2 AND starred <> $6 AND ${LIVE} RETURNING ${COLUMNS}`,
      [id, userId, days.retention, days.starred, days.unstarGrace, starred],
    );
    if (rows[0]) return (await this.announced([toStoredAsset(rows[0])]))[0]!;
    return this.findOwned(userId, id);
  }

  /** Step 1 of a delete: marks live assets of this user (invisible from now on); returns what it marked. */
  async markOwned(tx: EntityManager, userId: string, ids: string[]): Promise<AssetRef[]> {
    const [rows]: [RefRow[], number] = await tx.query(
      `UPDATE assets.assets SET deleting_at = now() WHERE id = ANY($1::uuid[]) AND user_id = $2 AND deleting_at IS NULL RETURNING id, user_id`,
      [ids, userId],
    );
    if (rows.length > 0) this.transactions.touch(tx, userId);
    return rows.map(toAssetRef);
  }

  /** Marks any assets by id (reconciliation found them broken). */
  async markMany(ids: string[]): Promise<AssetRef[]> {
    const [rows]: [RefRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET deleting_at = now() WHERE id = ANY($1::uuid[]) AND deleting_at IS NULL RETURNING id, user_id`,
      [ids],
    );
    return this.announced(rows.map(toAssetRef));
  }

  /** Marks a batch of expired assets; SKIP LOCKED lets several sweepers share the work. */
  async markExpiredBatch(limit: number): Promise<AssetRef[]> {
    const [rows]: [RefRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET deleting_at = now()
       WHERE id IN (SELECT id FROM assets.assets WHERE expires_at <= now() AND deleting_at IS NULL ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, user_id`,
      [limit],
    );
    return this.announced(rows.map(toAssetRef));
  }

  /** Marked assets whose delete was interrupted (marked longer ago than `olderThanSeconds`). */
  async markedBatch(olderThanSeconds: number, limit: number): Promise<AssetRef[]> {
    const rows: RefRow[] = await this.dataSource.query(
      `SELECT id, user_id FROM assets.assets WHERE deleting_at IS NOT NULL AND deleting_at <= now() - make_interval(secs => $1) ORDER BY deleting_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map(toAssetRef);
  }

  /** Last step of a delete, once the files are gone: only marked rows are ever deleted. */
  async deleteMarked(ids: string[]): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM assets.assets WHERE id = ANY($1::uuid[]) AND deleting_at IS NOT NULL`,
      [ids],
    );
    return count;
  }

  /** Which of these ids have a row (marked or not). */
  async existingIds(ids: string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await this.dataSource.query(`SELECT id FROM assets.assets WHERE id = ANY($1::uuid[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** Unmarked assets created before `before`, keyset by id: what reconciliation checks for files. */
  async unmarkedBatch(afterId: string | null, before: Date, limit: number): Promise<AssetRef[]> {
    const rows: RefRow[] = await this.dataSource.query(
      `SELECT id, user_id FROM assets.assets WHERE deleting_at IS NULL AND created_at < $1 AND ($2::uuid IS NULL OR id > $2::uuid) ORDER BY id LIMIT $3`,
      [before, afterId, limit],
    );
    return rows.map(toAssetRef);
  }

  /** Which of these jobs still have at least one image (marked ones count until they are gone). */
  async jobIdsWithAssets(jobIds: string[]): Promise<string[]> {
    const rows: Array<{ job_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT job_id FROM assets.assets WHERE job_id = ANY($1::uuid[])`,
      [jobIds],
    );
    return rows.map((row) => row.job_id);
  }

  /** Of these designs, the user's own (not being deleted) whose quality verdict is not ok; pending verdicts are not flagged. */
  async flaggedOf(userId: string, assetIds: string[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM assets.assets
       WHERE id = ANY($2::uuid[]) AND user_id = $1 AND deleting_at IS NULL AND (quality->>'ok')::boolean IS FALSE`,
      [userId, assetIds],
    );
    return rows.map((row) => row.id);
  }

  /** Live images, bytes of their originals, and how many expire within `days`. */
  async usage(userId: string, days: number): Promise<{ images: number; bytes: number; expiringSoon: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS images, coalesce(sum(original_size), 0)::bigint AS bytes,
              count(*) FILTER (WHERE expires_at <= now() + make_interval(days => $2))::int AS expiring
       FROM assets.assets WHERE user_id = $1 AND ${LIVE}`,
      [userId, days],
    );
    return { images: row.images, bytes: Number(row.bytes), expiringSoon: row.expiring };
  }

  async markUserBatch(userId: string, limit: number): Promise<AssetRef[]> {
    const [rows]: [RefRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET deleting_at = now() WHERE id IN (SELECT id FROM assets.assets WHERE user_id = $1 AND deleting_at IS NULL LIMIT $2) RETURNING id, user_id`,
      [userId, limit],
    );
    return this.announced(rows.map(toAssetRef));
  }

  async markedOf(userId: string): Promise<AssetRef[]> {
    const rows: RefRow[] = await this.dataSource.query(
      `SELECT id, user_id FROM assets.assets WHERE user_id = $1 AND deleting_at IS NOT NULL`,
      [userId],
    );
    return rows.map(toAssetRef);
  }

  /** The user's rate-limit and reminder records. */
  async deleteUserRecords(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM assets.image_operations WHERE user_id = $1`, [userId]);
    await this.dataSource.query(`DELETE FROM assets.expiry_reminders WHERE user_id = $1`, [userId]);
    await this.dataSource.query(`DELETE FROM assets.collections WHERE user_id = $1`, [userId]);
  }

  /**
   * Generated designs waiting for their quality verdict, as leased rows (service-kit's worker form):
   * the newest unclaimed first, or one whose claim is older than `leaseSeconds` (the instance measuring
   * it died); SKIP LOCKED lets instances share the work.
   */
  qualityPending(leaseSeconds: number): LeasedRows<AssetRow, StoredAsset> {
    const pending = `work.quality IS NULL AND work.kind = 'generated' AND work.deleting_at IS NULL`;
    return new LeasedRows<AssetRow, StoredAsset>({
      dataSource: this.dataSource,
      table: 'assets.assets',
      returning: COLUMNS,
      waiting: `${pending} AND work.quality_claimed_at IS NULL`,
      leased: `${pending} AND work.quality_claimed_at IS NOT NULL`,
      leasedAt: 'quality_claimed_at',
      order: 'work.created_at DESC',
      leaseSeconds,
      toWork: toStoredAsset,
    });
  }

  async claimQualityPending(leaseSeconds: number): Promise<StoredAsset | null> {
    return this.qualityPending(leaseSeconds).take();
  }

  /** Stores a design's verdict (the library shows it: its owner's cached pages are dropped). */
  async saveQuality(id: string, quality: DesignQuality): Promise<boolean> {
    const [rows]: [RefRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET quality = $2::jsonb, quality_claimed_at = NULL WHERE id = $1 RETURNING id, user_id`,
      [id, JSON.stringify(quality)],
    );
    return (await this.announced(rows.map(toAssetRef))).length > 0;
  }

  /** A page of the user's live library by id, for the data export. */
  async exportPage(userId: string, afterId: string | null, limit: number): Promise<StoredAsset[]> {
    const rows: AssetRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.assets WHERE user_id = $1 AND ${LIVE} AND ($2::uuid IS NULL OR id > $2::uuid) ORDER BY id LIMIT $3`,
      [userId, afterId, limit],
    );
    return rows.map(toStoredAsset);
  }
}
