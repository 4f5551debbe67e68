import { Injectable } from '@nestjs/common';
import type { KitJobStatus } from '@printloom/contracts';
import { DataSource } from 'typeorm';

export interface StoredKitJob {
  id: string;
  userId: string;
  assetIds: string[];
  status: KitJobStatus;
  prepared: number;
  attempts: number;
  error: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

interface KitJobRow {
  id: string;
  user_id: string;
  asset_ids: string[];
  status: KitJobStatus;
  prepared: number;
  attempts: number;
  error: string | null;
  created_at: Date;
  expires_at: Date | null;
}

const COLUMNS = 'id, user_id, asset_ids, status, prepared, attempts, error, created_at, expires_at';

const toJob = (row: KitJobRow): StoredKitJob => ({
  id: row.id,
  userId: row.user_id,
  assetIds: row.asset_ids,
  status: row.status,
  prepared: row.prepared,
  attempts: row.attempts,
  error: row.error,
  createdAt: new Date(row.created_at),
  expiresAt: row.expires_at ? new Date(row.expires_at) : null,
});

@Injectable()
export class KitJobRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A new job unless the user has `maxOpen` waiting or being prepared already (null then). A per-user
   * advisory lock makes count-and-insert atomic across instances.
   */
  async createUnlessBusy(userId: string, assetIds: string[], maxOpen: number): Promise<StoredKitJob | null> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('assets.listing_kit_jobs:' || $1))`, [userId]);
      const [{ open }] = await tx.query(
        `SELECT count(*)::int AS open FROM assets.listing_kit_jobs WHERE user_id = $1 AND status IN ('queued', 'preparing')`,
        [userId],
      );
      if (open >= maxOpen) return null;
      const [row]: KitJobRow[] = await tx.query(
        `INSERT INTO assets.listing_kit_jobs (user_id, asset_ids) VALUES ($1, $2::uuid[]) RETURNING ${COLUMNS}`,
        [userId, assetIds],
      );
      return toJob(row);
    });
  }

  /** The user's job (another user's looks missing), unless it expired. */
  async findOwned(userId: string, id: string): Promise<StoredKitJob | null> {
    const [row]: KitJobRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.listing_kit_jobs WHERE id = $1 AND user_id = $2 AND (expires_at IS NULL OR expires_at > now())`,
      [id, userId],
    );
    return row ? toJob(row) : null;
  }

  /**
   * Claims the oldest job waiting, or one whose preparing instance stopped renewing its claim for
   * `staleAfterSeconds` (it died): SKIP LOCKED so that instances never claim the same job.
   */
  async claimNext(staleAfterSeconds: number): Promise<StoredKitJob | null> {
    // An UPDATE answers [rows, count].
    const [[row]]: [KitJobRow[], number] = await this.dataSource.query(
      `UPDATE assets.listing_kit_jobs SET status = 'preparing', claimed_at = now()
        WHERE id = (
          SELECT id FROM assets.listing_kit_jobs
           WHERE status = 'queued' OR (status = 'preparing' AND claimed_at < now() - make_interval(secs => $1))
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [staleAfterSeconds],
    );
    return row ? toJob(row) : null;
  }

  /** One more design prepared; renews the claim. */
  async markPrepared(id: string, prepared: number): Promise<void> {
    await this.dataSource.query(`UPDATE assets.listing_kit_jobs SET prepared = $2, claimed_at = now() WHERE id = $1`, [id, prepared]);
  }

  async markReady(id: string, keptDays: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE assets.listing_kit_jobs SET status = 'ready', error = NULL, claimed_at = NULL,
              expires_at = now() + make_interval(days => $2) WHERE id = $1`,
      [id, keptDays],
    );
  }

  /**
   * A pass that stopped on an error: waits again for a later pass, or fails for good after
   * `maxAttempts` (kept for `keptDays` so that its owner reads why).
   */
  async markStopped(id: string, error: string, maxAttempts: number, keptDays: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE assets.listing_kit_jobs
          SET attempts = attempts + 1, error = $2, claimed_at = NULL,
              status = CASE WHEN attempts + 1 >= $3 THEN 'failed' ELSE 'queued' END,
              expires_at = CASE WHEN attempts + 1 >= $3 THEN now() + make_interval(days => $4) ELSE NULL END
        WHERE id = $1`,
      [id, error, maxAttempts, keptDays],
    );
  }

  /** A job given back by an instance shutting down: the next pass (on any instance) goes on with it. */
  async release(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE assets.listing_kit_jobs SET status = 'queued', claimed_at = NULL WHERE id = $1`, [id]);
  }

  async deleteExpired(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM assets.listing_kit_jobs WHERE expires_at < now()`);
    return count;
  }

  async deleteForUser(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM assets.listing_kit_jobs WHERE user_id = $1`, [userId]);
    return count;
  }
}
