import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageCursor } from '../domain/cursor.js';

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
  cursor_ts: string;
}

export type NewAsset = Pick<AssetRow, 'id' | 'user_id' | 'job_id' | 'variant' | 'kind' | 'source_asset_id' | 'prompt' | 'width' | 'height' | 'etag'> & { original_size: number; background_kept?: boolean };

const COLUMNS = `id, user_id, job_id, variant, kind, source_asset_id, prompt, width, height, starred, original_size, etag, created_at, expires_at, background_kept,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;
const LIVE = `expires_at > now()`;

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

@Injectable()
export class AssetRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Inserts unless the job's variant already exists (a retried ingest); returns the row either way. */
  async insertOrGetGenerated(asset: NewAsset, retentionDays: number): Promise<{ row: AssetRow; created: boolean }> {
    const inserted: AssetRow[] = await this.dataSource.query(
      `INSERT INTO assets.assets (id, user_id, job_id, variant, kind, source_asset_id, prompt, width, height, original_size, etag, expires_at, background_kept)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(days => $12), $13)
       ON CONFLICT (job_id, variant) WHERE kind = 'generated' DO NOTHING RETURNING ${COLUMNS}`,
      [asset.id, asset.user_id, asset.job_id, asset.variant, asset.kind, asset.source_asset_id, asset.prompt, asset.width, asset.height, asset.original_size, asset.etag, retentionDays, asset.background_kept ?? false],
    );
    if (inserted[0]) return { row: inserted[0], created: true };
    const [existing]: AssetRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM assets.assets WHERE job_id = $1 AND variant = $2 AND kind = 'generated'`, [asset.job_id, asset.variant]);
    return { row: existing, created: false };
  }

  async findGenerated(jobId: string, variant: string): Promise<AssetRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM assets.assets WHERE job_id = $1 AND variant = $2 AND kind = 'generated'`, [jobId, variant]);
    return row ?? null;
  }

  async insertDerived(asset: NewAsset, retentionDays: number): Promise<AssetRow> {
    const [row]: AssetRow[] = await this.dataSource.query(
      `INSERT INTO assets.assets (id, user_id, job_id, variant, kind, source_asset_id, prompt, width, height, original_size, etag, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(days => $12)) RETURNING ${COLUMNS}`,
      [asset.id, asset.user_id, asset.job_id, asset.variant, asset.kind, asset.source_asset_id, asset.prompt, asset.width, asset.height, asset.original_size, asset.etag, retentionDays],
    );
    return row;
  }

  /** A live asset of this user, or null (another user's id looks exactly like a missing one). */
  async findOwned(userId: string, id: string): Promise<AssetRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM assets.assets WHERE id = $1 AND user_id = $2 AND ${LIVE}`, [id, userId]);
    return row ?? null;
  }

  async findManyOwned(userId: string, ids: string[]): Promise<AssetRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM assets.assets WHERE id = ANY($1::uuid[]) AND user_id = $2 AND ${LIVE}`, [ids, userId]);
  }

  /** One page, newest first, keyset on (created_at, id); every word of `search` must appear in the prompt. */
  async page(userId: string, options: { after: PageCursor | null; starredOnly: boolean; words: string[]; limit: number }): Promise<AssetRow[]> {
    const params: unknown[] = [userId, options.limit];
    const where = ['user_id = $1', LIVE];
    if (options.starredOnly) where.push('starred');
    for (const word of options.words) {
      params.push(likePattern(word));
      where.push(`prompt ILIKE $${params.length}`);
    }
    if (options.after) {
      params.push(options.after.createdAt, options.after.id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    return this.dataSource.query(`SELECT ${COLUMNS} FROM assets.assets WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $2`, params);
  }

  /** Toggles the star: starred assets are kept a year from now, unstarred ones 30 days after creation. */
  async toggleStar(userId: string, id: string, retentionDays: number, starredRetentionDays: number): Promise<AssetRow | null> {
    const [rows]: [AssetRow[], number] = await this.dataSource.query(
      `UPDATE assets.assets SET starred = NOT starred,
         expires_at = CASE WHEN starred THEN created_at + make_interval(days => $3) ELSE now() + make_interval(days => $4) END
       WHERE id = $1 AND user_id = $2 AND ${LIVE} RETURNING ${COLUMNS}`,
      [id, userId, retentionDays, starredRetentionDays],
    );
    return rows[0] ?? null;
  }

  async deleteOwned(tx: EntityManager, userId: string, ids: string[]): Promise<Array<{ id: string; user_id: string }>> {
    const [rows]: [Array<{ id: string; user_id: string }>, number] = await tx.query(`DELETE FROM assets.assets WHERE id = ANY($1::uuid[]) AND user_id = $2 RETURNING id, user_id`, [ids, userId]);
    return rows;
  }

  /** A batch of expired assets, deleted; SKIP LOCKED lets several sweepers share the work. */
  async deleteExpiredBatch(limit: number): Promise<Array<{ id: string; user_id: string }>> {
    const [rows]: [Array<{ id: string; user_id: string }>, number] = await this.dataSource.query(
      `DELETE FROM assets.assets WHERE id IN (SELECT id FROM assets.assets WHERE expires_at <= now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id, user_id`,
      [limit],
    );
    return rows;
  }
}
