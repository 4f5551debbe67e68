import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobStatus } from '@printloom/contracts';
import type { ExportedJob, StoredJob } from '../domain/stored-job.js';

/** A row as PostgreSQL returns it; mapped to a StoredJob before it leaves this file. */
export interface JobRow {
  id: string;
  user_id: string;
  prompt: string;
  dark: boolean;
  transparent: boolean;
  priority_tier: number;
  status: JobStatus;
  error: string | null;
  reservation_id: string | null;
  attempts: number;
  notice: string | null;
  batch_id?: string | null;
  batch_position?: number | null;
}

export function toStoredJob(row: JobRow): StoredJob {
  return {
    id: row.id,
    userId: row.user_id,
    prompt: row.prompt,
    dark: row.dark,
    transparent: row.transparent,
    priorityTier: row.priority_tier,
    status: row.status,
    error: row.error,
    reservationId: row.reservation_id,
    attempts: row.attempts,
    notice: row.notice,
    ...(row.batch_id !== undefined ? { batch: row.batch_id ? { id: row.batch_id, position: row.batch_position! } : null } : {}),
  };
}

const FINAL: JobStatus[] = ['succeeded', 'failed'];

@Injectable()
export class JobRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(job: {
    id: string;
    userId: string;
    prompt: string;
    dark: boolean;
    transparent: boolean;
    priorityTier: number;
    reservationId: string;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO generation.jobs (id, user_id, prompt, dark, transparent, priority_tier, reservation_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [job.id, job.userId, job.prompt, job.dark, job.transparent, job.priorityTier, job.reservationId],
    );
  }

  async find(id: string): Promise<StoredJob | null> {
    const [row]: JobRow[] = await this.dataSource.query(
      `SELECT j.*, r.batch_id, r.position AS batch_position
       FROM generation.jobs j LEFT JOIN generation.batch_rows r ON r.job_id = j.id WHERE j.id = $1`,
      [id],
    );
    return row ? toStoredJob(row) : null;
  }

  /** Moves an unfinished job to a working status; false when it is already finished. */
  async advance(id: string, status: 'generating' | 'processing'): Promise<boolean> {
    const [rows] = await this.dataSource.query(
      `UPDATE generation.jobs SET status = $2, attempts = attempts + CASE WHEN $2 = 'generating' THEN 1 ELSE 0 END,
         started_at = coalesce(started_at, now())
       WHERE id = $1 AND status NOT IN ('succeeded', 'failed') RETURNING id`,
      [id, status],
    );
    return rows.length > 0;
  }

  /** The library's ids of the designs the job made. */
  async recordAssets(id: string, assetIds: string[]): Promise<void> {
    await this.dataSource.query(`UPDATE generation.jobs SET asset_ids = $2::uuid[] WHERE id = $1`, [id, assetIds]);
  }

  async recordProviderTime(id: string, ms: number): Promise<void> {
    await this.dataSource.query(`UPDATE generation.jobs SET provider_ms = $2 WHERE id = $1`, [id, ms]);
  }

  /** Finishes a job once; false when another worker or the sweeper finished it first. */
  async finish(id: string, status: 'succeeded' | 'failed', error: string | null = null): Promise<boolean> {
    const [rows] = await this.dataSource.query(
      `UPDATE generation.jobs SET status = $2, error = $3, notice = NULL, finished_at = now() WHERE id = $1 AND status NOT IN ('succeeded', 'failed') RETURNING id`,
      [id, status, error],
    );
    return rows.length > 0;
  }

  /** A worker holding this job is alive: the timeout counts from here. */
  async heartbeat(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE generation.jobs SET heartbeat_at = now() WHERE id = $1 AND status NOT IN ('succeeded', 'failed')`, [
      id,
    ]);
  }

  /** What the seller reads while the job waits (null clears it). */
  async setNotice(id: string, notice: string | null): Promise<void> {
    await this.dataSource.query(`UPDATE generation.jobs SET notice = $2 WHERE id = $1 AND notice IS DISTINCT FROM $2`, [id, notice]);
  }

  /** Unfinished jobs whose last sign of life (heartbeat, else creation) is older than the timeout. */
  async staleUnfinished(olderThanMs: number, limit: number): Promise<StoredJob[]> {
    const rows: JobRow[] = await this.dataSource.query(
      `SELECT * FROM generation.jobs WHERE status NOT IN (${FINAL.map((status) => `'${status}'`).join(', ')})
         AND coalesce(heartbeat_at, created_at) < now() - make_interval(secs => $1 / 1000.0) ORDER BY created_at LIMIT $2`,
      [olderThanMs, limit],
    );
    return rows.map(toStoredJob);
  }

  /** Finished jobs older than `days`, keyset by id: candidates for the retention purge. */
  async finishedBefore(days: number, afterId: string | null, limit: number): Promise<Array<{ id: string }>> {
    return this.dataSource.query(
      `SELECT id FROM generation.jobs WHERE status IN ('succeeded', 'failed') AND finished_at < now() - make_interval(days => $1)
         AND ($2::uuid IS NULL OR id > $2::uuid) ORDER BY id LIMIT $3`,
      [days, afterId, limit],
    );
  }

  /** Seconds the oldest job still waiting for a worker has waited (0 when none waits). */
  async oldestQueuedAgeSeconds(): Promise<number> {
    const [row]: Array<{ age: number }> = await this.dataSource.query(
      `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float AS age FROM generation.jobs WHERE status = 'queued'`,
    );
    return Number(row.age);
  }

  async deleteMany(ids: string[]): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM generation.jobs WHERE id = ANY($1::uuid[])`, [ids]);
    return count;
  }

  async deleteForUser(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM generation.jobs WHERE user_id = $1`, [userId]);
    return count;
  }

  /** Everything kept about the user's jobs, for the data export. */
  async forExport(userId: string): Promise<ExportedJob[]> {
    const rows: Array<{ id: string; prompt: string; status: string; error: string | null; created_at: Date; finished_at: Date | null }> =
      await this.dataSource.query(
        `SELECT id, prompt, status, error, created_at, finished_at FROM generation.jobs WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      );
    return rows.map((row) => ({
      id: row.id,
      prompt: row.prompt,
      status: row.status,
      error: row.error,
      createdAt: new Date(row.created_at),
      finishedAt: row.finished_at ? new Date(row.finished_at) : null,
    }));
  }
}
