import { Injectable } from '@nestjs/common';
import type { BulkAction, BulkJobStatus, ExportPresetId, GarmentChoice } from '@printloom/contracts';
import { LeasedRows, type WorkSource } from '@printloom/service-kit';
import { DataSource } from 'typeorm';

/** What a design job does with each of its designs: prepare a listing kit, or one of the bulk actions. */
export type DesignJobAction = 'kit' | BulkAction;
export const DESIGN_JOB_ACTIONS: readonly DesignJobAction[] = ['kit', 'download', 'export', 'star', 'unstar', 'delete'];
/** Jobs counted together against one per-user cap: listing kits apart from bulk actions. */
export type DesignJobFamily = 'kit' | 'bulk';

export interface NewDesignJob {
  userId: string;
  action: DesignJobAction;
  assetIds: string[];
  batchId?: string | null;
  preset?: ExportPresetId | null;
  garment?: GarmentChoice | null;
}

export interface StoredDesignJob {
  id: string;
  userId: string;
  action: DesignJobAction;
  assetIds: string[];
  batchId: string | null;
  preset: ExportPresetId | null;
  garment: GarmentChoice | null;
  status: BulkJobStatus;
  processed: number;
  attempts: number;
  error: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

interface DesignJobRow {
  id: string;
  user_id: string;
  action: DesignJobAction;
  asset_ids: string[];
  batch_id: string | null;
  preset: ExportPresetId | null;
  garment: GarmentChoice | null;
  status: BulkJobStatus;
  processed: number;
  attempts: number;
  error: string | null;
  created_at: Date;
  expires_at: Date | null;
}

const COLUMNS = 'id, user_id, action, asset_ids, batch_id, preset, garment, status, processed, attempts, error, created_at, expires_at';
const OF_FAMILY = { kit: `action = 'kit'`, bulk: `action <> 'kit'` } as const;

const toJob = (row: DesignJobRow): StoredDesignJob => ({
  id: row.id,
  userId: row.user_id,
  action: row.action,
  assetIds: row.asset_ids,
  batchId: row.batch_id,
  preset: row.preset,
  garment: row.garment,
  status: row.status,
  processed: row.processed,
  attempts: row.attempts,
  error: row.error,
  createdAt: new Date(row.created_at),
  expiresAt: row.expires_at ? new Date(row.expires_at) : null,
});

/** Jobs that walk a list of designs one by one (listing kits, bulk actions), claimed by any instance. */
@Injectable()
export class DesignJobRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The jobs as leased rows: waiting ones (`queued`, past their `not_before`) and running ones whose
   * instance stopped renewing `claimed_at`, sellers in turn (`design_job_sellers`), then oldest first.
   */
  private rows(staleAfterSeconds: number): LeasedRows<DesignJobRow, StoredDesignJob> {
    return new LeasedRows<DesignJobRow, StoredDesignJob>({
      dataSource: this.dataSource,
      table: 'assets.design_jobs',
      returning: COLUMNS,
      waiting: `work.status = 'queued'`,
      leased: `work.status = 'running'`,
      leasedAt: 'claimed_at',
      onTake: `status = 'running'`,
      onGiveBack: `status = 'queued'`,
      notBefore: 'not_before',
      order: 'work.created_at, work.id',
      sellers: { column: 'user_id', turns: 'assets.design_job_sellers' },
      leaseSeconds: staleAfterSeconds,
      toWork: toJob,
    });
  }

  /** The jobs as a background worker's source (service-kit's worker form). */
  workSource(staleAfterSeconds: number): WorkSource<StoredDesignJob> {
    return this.rows(staleAfterSeconds).source((job) => job.id);
  }

  /**
   * A new job unless the user has `maxOpen` of its family waiting or running already (null then). A
   * per-user advisory lock makes count-and-insert atomic across instances.
   */
  async createUnlessBusy(job: NewDesignJob, family: DesignJobFamily, maxOpen: number): Promise<StoredDesignJob | null> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('assets.design_jobs:' || $1))`, [job.userId]);
      const [{ open }] = await tx.query(
        `SELECT count(*)::int AS open FROM assets.design_jobs WHERE user_id = $1 AND status IN ('queued', 'running') AND ${OF_FAMILY[family]}`,
        [job.userId],
      );
      if (open >= maxOpen) return null;
      const [row]: DesignJobRow[] = await tx.query(
        `INSERT INTO assets.design_jobs (user_id, action, asset_ids, batch_id, preset, garment)
         VALUES ($1, $2, $3::uuid[], $4, $5, $6) RETURNING ${COLUMNS}`,
        [job.userId, job.action, job.assetIds, job.batchId ?? null, job.preset ?? null, job.garment ?? null],
      );
      return toJob(row);
    });
  }

  /** The user's job of this family (another user's, or another family's, looks missing), unless it expired. */
  async findOwned(userId: string, id: string, family: DesignJobFamily): Promise<StoredDesignJob | null> {
    const [row]: DesignJobRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.design_jobs
        WHERE id = $1 AND user_id = $2 AND ${OF_FAMILY[family]} AND (expires_at IS NULL OR expires_at > now())`,
      [id, userId],
    );
    return row ? toJob(row) : null;
  }

  /** The user's jobs of this family not yet expired, newest first, at most `limit`. */
  async listOwned(userId: string, family: DesignJobFamily, limit: number): Promise<StoredDesignJob[]> {
    const rows: DesignJobRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM assets.design_jobs
        WHERE user_id = $1 AND ${OF_FAMILY[family]} AND (expires_at IS NULL OR expires_at > now())
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toJob);
  }

  /**
   * Claims the next job for the seller served longest ago (a seller never served, or not for a day,
   * first; then that seller's oldest job): a job waiting whose `not_before` has passed, or one whose
   * running instance stopped renewing its claim for `staleAfterSeconds` (it died). One short
   * transaction under one advisory lock, so that instances claim in turn and each claim sees the
   * seller the one before served; SKIP LOCKED so that a claim never waits on a job being updated.
   */
  async claimNext(staleAfterSeconds: number): Promise<StoredDesignJob | null> {
    return this.rows(staleAfterSeconds).take();
  }

  /** One more design done; renews the claim. */
  async markProcessed(id: string, processed: number): Promise<void> {
    await this.dataSource.query(`UPDATE assets.design_jobs SET processed = $2, claimed_at = now() WHERE id = $1`, [id, processed]);
  }

  async markDone(id: string, keptDays: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE assets.design_jobs SET status = 'done', error = NULL, claimed_at = NULL,
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
      `UPDATE assets.design_jobs
          SET attempts = attempts + 1, error = $2, claimed_at = NULL,
              status = CASE WHEN attempts + 1 >= $3 THEN 'failed' ELSE 'queued' END,
              expires_at = CASE WHEN attempts + 1 >= $3 THEN now() + make_interval(days => $4) ELSE NULL END
        WHERE id = $1`,
      [id, error, maxAttempts, keptDays],
    );
  }

  /**
   * A job given back with its progress (its pass reached its share of designs, the instance is shutting
   * down, the user's export share is full): the next pass, on any instance, goes on with it once
   * `waitSeconds` have passed, in its seller's turn.
   */
  async release(id: string, waitSeconds = 0): Promise<void> {
    await this.rows(0).giveBack(id, waitSeconds);
  }

  /** Jobs waiting or running, by action (the open-jobs gauge). */
  async openByAction(): Promise<Array<{ action: DesignJobAction; open: number }>> {
    return this.dataSource.query(
      `SELECT action, count(*)::int AS open FROM assets.design_jobs WHERE status IN ('queued', 'running') GROUP BY action`,
    );
  }

  async deleteExpired(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM assets.design_jobs WHERE expires_at < now()`);
    return count;
  }

  /** Turns of sellers with no job open, served more than a day ago: forgotten (such a seller is served first again anyway). */
  async forgetIdleSellers(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM assets.design_job_sellers seller
        WHERE last_served_at < now() - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM assets.design_jobs job WHERE job.user_id = seller.user_id AND job.status IN ('queued', 'running'))`,
    );
    return count;
  }

  async deleteForUser(userId: string): Promise<number> {
    await this.dataSource.query(`DELETE FROM assets.design_job_sellers WHERE user_id = $1`, [userId]);
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM assets.design_jobs WHERE user_id = $1`, [userId]);
    return count;
  }
}
