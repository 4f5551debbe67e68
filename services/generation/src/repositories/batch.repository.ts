import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BatchCounts, BatchRowStatus, BatchStatus, BatchStopReason, JobStatus } from '@printloom/contracts';
import type { FeedableRow, NewBatch, NewBatchRow, StoredBatch, StoredBatchRow } from '../domain/stored-batch.js';

const UNFINISHED = `('queued', 'generating', 'processing')`;

/** A fed row whose job is gone (purged after the retention) ran to the end: its designs expired. */
const ROW_STATUS = `CASE WHEN r.status = 'fed' THEN coalesce(j.status, 'succeeded') ELSE r.status END`;

const COUNTS = `count(r.id)::int AS total,
  (count(*) FILTER (WHERE r.status = 'waiting'))::int AS waiting,
  (count(*) FILTER (WHERE r.status = 'fed' AND j.status IN ${UNFINISHED}))::int AS working,
  (count(*) FILTER (WHERE r.status = 'fed' AND (j.status = 'succeeded' OR j.id IS NULL)))::int AS succeeded,
  (count(*) FILTER (WHERE r.status = 'fed' AND j.status = 'failed'))::int AS failed,
  (count(*) FILTER (WHERE r.status = 'cancelled'))::int AS cancelled`;

interface BatchRowResult extends BatchCounts {
  id: string;
  user_id: string;
  source: 'template' | 'csv';
  template: string | null;
  name: string | null;
  status: BatchStatus;
  stop_reason: BatchStopReason | null;
  reservation_id: string;
  created_at: Date;
  finished_at: Date | null;
}

function toStoredBatch(row: BatchRowResult): StoredBatch {
  return {
    id: row.id,
    userId: row.user_id,
    source: row.source,
    template: row.template,
    name: row.name,
    status: row.status,
    stopReason: row.stop_reason,
    reservationId: row.reservation_id,
    createdAt: new Date(row.created_at),
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
    counts: {
      total: row.total,
      waiting: row.waiting,
      working: row.working,
      succeeded: row.succeeded,
      failed: row.failed,
      cancelled: row.cancelled,
    },
  };
}

/** The feeder's statements, run inside its one transaction (see BatchRepository.feeding). */
export class BatchFeedTransaction {
  constructor(private readonly tx: EntityManager) {}

  /**
   * One waiting row per user who may have another job now: under `perUser` batch jobs still unfinished, and no interactive job of theirs waiting (a seller's own single job goes
   * before their batch). Each user's oldest batch first, its rows in order; rows another transaction
   * holds (a cancel) are skipped. Locked until the transaction ends. The tier is not chosen here: a row
   * goes at the tier of its seller's plan when it is fed (the feeder asks billing).
   */
  async candidates(perUser: number): Promise<FeedableRow[]> {
    const picked: Array<{ id: string; last_fed_at: Date | null }> = await this.tx.query(
      `SELECT DISTINCT ON (r.user_id) r.id,
         (SELECT max(f.fed_at) FROM generation.batch_rows f WHERE f.user_id = r.user_id AND f.status = 'fed') AS last_fed_at
       FROM generation.batch_rows r JOIN generation.batches b ON b.id = r.batch_id
       WHERE r.status = 'waiting' AND b.status = 'running'
         AND (SELECT count(*) FROM generation.jobs j
              WHERE j.user_id = r.user_id AND j.batch_row_id IS NOT NULL AND j.status IN ${UNFINISHED}) < $1
         AND NOT EXISTS (SELECT 1 FROM generation.jobs j WHERE j.user_id = r.user_id AND j.batch_row_id IS NULL AND j.status = 'queued')
       ORDER BY r.user_id, b.created_at, r.position`,
      [perUser],
    );
    if (picked.length === 0) return [];
    const lastFed = new Map(picked.map((row) => [row.id, row.last_fed_at ? new Date(row.last_fed_at) : null]));
    const rows: Array<{
      id: string;
      user_id: string;
      batch_id: string;
      prompt: string;
      dark: boolean;
      transparent: boolean;
      job_id: string;
      reservation_id: string;
    }> = await this.tx.query(
      `SELECT r.id, r.user_id, r.batch_id, r.prompt, r.dark, r.transparent, r.job_id, b.reservation_id
       FROM generation.batch_rows r JOIN generation.batches b ON b.id = r.batch_id
       WHERE r.id = ANY($1::uuid[]) AND r.status = 'waiting' AND b.status = 'running'
       FOR UPDATE OF r SKIP LOCKED`,
      [[...lastFed.keys()]],
    );
    return rows
      .map((row) => ({
        id: row.id,
        userId: row.user_id,
        batchId: row.batch_id,
        prompt: row.prompt,
        dark: row.dark,
        transparent: row.transparent,
        jobId: row.job_id,
        reservationId: row.reservation_id,
        lastFedAt: lastFed.get(row.id) ?? null,
      }))
      .sort((a, b) => (a.lastFedAt?.getTime() ?? 0) - (b.lastFedAt?.getTime() ?? 0));
  }

  /**
   * Fed rows whose job is still queued untouched between `minAgeMs` and `maxAgeMs` after feeding and was
   * never published again: its publish may have been lost to a crash after the feed committed. Each is
   * returned once (marked now).
   */
  async unpublished(minAgeMs: number, maxAgeMs: number): Promise<Array<{ jobId: string; priorityTier: number }>> {
    // An UPDATE answers [rows, count].
    const [rows]: [Array<{ job_id: string; priority_tier: number }>, number] = await this.tx.query(
      `UPDATE generation.batch_rows r SET republished = true FROM generation.jobs j
       WHERE j.id = r.job_id AND r.status = 'fed' AND NOT r.republished AND j.status = 'queued' AND j.heartbeat_at IS NULL
         AND r.fed_at < now() - make_interval(secs => $1 / 1000.0) AND r.fed_at > now() - make_interval(secs => $2 / 1000.0)
       RETURNING r.job_id, j.priority_tier`,
      [minAgeMs, maxAgeMs],
    );
    return rows.map((row) => ({ jobId: row.job_id, priorityTier: row.priority_tier }));
  }

  /**
   * The row becomes a queued job at `priorityTier` (its seller's plan now) holding its own reservation (a
   * retry after a crash finds the job); the batch's tier follows, for the backlog per tier.
   */
  async feed(row: FeedableRow, reservationId: string, priorityTier: number): Promise<void> {
    await this.tx.query(
      `INSERT INTO generation.jobs (id, user_id, prompt, dark, transparent, priority_tier, reservation_id, batch_row_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [row.jobId, row.userId, row.prompt, row.dark, row.transparent, priorityTier, reservationId, row.id],
    );
    await this.tx.query(`UPDATE generation.batch_rows SET status = 'fed', fed_at = now() WHERE id = $1`, [row.id]);
    await this.tx.query(`UPDATE generation.batches SET priority_tier = $2 WHERE id = $1 AND priority_tier <> $2`, [
      row.batchId,
      priorityTier,
    ]);
  }

  /**
   * Billing refused the batch's credits (`reason`): its waiting rows are cancelled and it ends, in the
   * feeder's transaction (which holds some of its rows). The settlement releases what it still holds.
   */
  async stop(batchId: string, reason: BatchStopReason): Promise<number> {
    const [, cancelled]: [unknown, number] = await this.tx.query(
      `UPDATE generation.batch_rows SET status = 'cancelled' WHERE batch_id = $1 AND status = 'waiting'`,
      [batchId],
    );
    await this.tx.query(
      `UPDATE generation.batches SET status = 'cancelled', stop_reason = $2, finished_at = now() WHERE id = $1 AND status = 'running'`,
      [batchId, reason],
    );
    return cancelled;
  }
}

@Injectable()
export class BatchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The batch and every row, in one transaction. */
  async create(batch: NewBatch, rows: NewBatchRow[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO generation.batches (id, user_id, source, template, name, priority_tier, reservation_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [batch.id, batch.userId, batch.source, batch.template, batch.name, batch.priorityTier, batch.reservationId],
      );
      await tx.query(
        `INSERT INTO generation.batch_rows (id, batch_id, user_id, position, prompt, dark, transparent, job_id)
         SELECT id, $1, $2, position, prompt, dark, transparent, job_id
         FROM unnest($3::uuid[], $4::int[], $5::text[], $6::boolean[], $7::boolean[], $8::uuid[])
           AS t(id, position, prompt, dark, transparent, job_id)`,
        [
          batch.id,
          batch.userId,
          rows.map((row) => row.id),
          rows.map((row) => row.position),
          rows.map((row) => row.prompt),
          rows.map((row) => row.dark),
          rows.map((row) => row.transparent),
          rows.map((row) => row.jobId),
        ],
      );
    });
  }

  /** The user's batch with its counts; null when it does not exist or is someone else's. */
  async find(userId: string, batchId: string): Promise<StoredBatch | null> {
    const [row]: BatchRowResult[] = await this.dataSource.query(
      `SELECT b.id, b.user_id, b.source, b.template, b.name, b.status, b.stop_reason, b.reservation_id, b.created_at, b.finished_at, ${COUNTS}
       FROM generation.batches b JOIN generation.batch_rows r ON r.batch_id = b.id LEFT JOIN generation.jobs j ON j.id = r.job_id
       WHERE b.id = $1 AND b.user_id = $2 GROUP BY b.id`,
      [batchId, userId],
    );
    return row ? toStoredBatch(row) : null;
  }

  /** Names the user's batch; false when it does not exist or is someone else's. */
  async rename(userId: string, batchId: string, name: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE generation.batches SET name = $3 WHERE id = $1 AND user_id = $2`,
      [batchId, userId, name],
    );
    return count > 0;
  }

  /** The user's batches, newest first, with their counts. */
  async list(userId: string, limit: number): Promise<StoredBatch[]> {
    const rows: BatchRowResult[] = await this.dataSource.query(
      `SELECT b.id, b.user_id, b.source, b.template, b.name, b.status, b.stop_reason, b.reservation_id, b.created_at, b.finished_at, ${COUNTS}
       FROM (SELECT * FROM generation.batches WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2) b
       JOIN generation.batch_rows r ON r.batch_id = b.id LEFT JOIN generation.jobs j ON j.id = r.job_id
       GROUP BY b.id, b.user_id, b.source, b.template, b.name, b.status, b.stop_reason, b.reservation_id, b.created_at, b.finished_at
       ORDER BY b.created_at DESC`,
      [userId, limit],
    );
    return rows.map(toStoredBatch);
  }

  /** A batch's rows in order; a fed row shows its job's status, error and designs. */
  async rows(batchId: string): Promise<StoredBatchRow[]> {
    const rows: Array<{
      id: string;
      position: number;
      prompt: string;
      status: BatchRowStatus;
      job_id: string;
      fed: boolean;
      asset_ids: string[] | null;
      job_error: string | null;
      dark: boolean;
      transparent: boolean;
    }> = await this.dataSource.query(
      `SELECT r.id, r.position, r.prompt, ${ROW_STATUS} AS status, r.job_id, r.status = 'fed' AS fed, j.asset_ids, j.error AS job_error,
         r.dark, r.transparent
       FROM generation.batch_rows r LEFT JOIN generation.jobs j ON j.id = r.job_id AND r.status = 'fed'
       WHERE r.batch_id = $1 ORDER BY r.position`,
      [batchId],
    );
    return rows.map((row) => ({
      id: row.id,
      position: row.position,
      prompt: row.prompt,
      status: row.status,
      jobId: row.fed ? row.job_id : null,
      assetIds: row.asset_ids ?? [],
      jobError: row.job_error,
      dark: row.dark,
      transparent: row.transparent,
    }));
  }

  /**
   * Stops the user's running batch: its waiting rows are cancelled (a row the feeder is turning into a
   * job is waited for, and stays fed). False when there is no such batch; a finished one is left as is.
   */
  async cancel(userId: string, batchId: string): Promise<{ found: boolean; cancelledRows: number }> {
    return this.dataSource.transaction(async (tx) => {
      const [batch]: Array<{ status: BatchStatus }> = await tx.query(
        `SELECT status FROM generation.batches WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [batchId, userId],
      );
      if (!batch) return { found: false, cancelledRows: 0 };
      if (batch.status !== 'running') return { found: true, cancelledRows: 0 };
      const [, cancelledRows]: [unknown, number] = await tx.query(
        `UPDATE generation.batch_rows SET status = 'cancelled' WHERE batch_id = $1 AND status = 'waiting'`,
        [batchId],
      );
      await tx.query(`UPDATE generation.batches SET status = 'cancelled', finished_at = now() WHERE id = $1`, [batchId]);
      return { found: true, cancelledRows };
    });
  }

  /**
   * The feeder's pass, by one instance at a time (a transaction-scoped advisory lock; the others skip
   * the pass): null when another instance holds it.
   */
  async feeding<T>(work: (tx: BatchFeedTransaction) => Promise<T>): Promise<T | null> {
    return this.dataSource.transaction(async (tx) => {
      const [{ locked }]: Array<{ locked: boolean }> = await tx.query(
        `SELECT pg_try_advisory_xact_lock(hashtext('generation.batch-feeder')) AS locked`,
      );
      return locked ? work(new BatchFeedTransaction(tx)) : null;
    });
  }

  /** Whether any running batch has a row waiting (the feeder reads the queue only then). */
  async anyWaiting(): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM generation.batch_rows r JOIN generation.batches b ON b.id = r.batch_id
       WHERE r.status = 'waiting' AND b.status = 'running' LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** Rows waiting in running batches, per priority tier (the autoscaler's backlog beyond the queue). */
  async waitingByTier(): Promise<Map<number, number>> {
    const rows: Array<{ tier: number; waiting: number }> = await this.dataSource.query(
      `SELECT b.priority_tier AS tier, count(*)::int AS waiting FROM generation.batch_rows r JOIN generation.batches b ON b.id = r.batch_id
       WHERE r.status = 'waiting' AND b.status = 'running' GROUP BY b.priority_tier`,
    );
    return new Map(rows.map((row) => [row.tier, row.waiting]));
  }

  /** Running batches with no row waiting and every fed job finished are finished now. */
  async finishDone(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE generation.batches b SET status = 'finished', finished_at = now()
       WHERE b.status = 'running'
         AND NOT EXISTS (SELECT 1 FROM generation.batch_rows r WHERE r.batch_id = b.id AND r.status = 'waiting')
         AND NOT EXISTS (SELECT 1 FROM generation.batch_rows r JOIN generation.jobs j ON j.id = r.job_id
                         WHERE r.batch_id = b.id AND r.status = 'fed' AND j.status IN ${UNFINISHED})`,
    );
    return count;
  }

  /** Ended batches whose reservation (what no row took out of it) is not released yet. */
  async unsettled(limit: number): Promise<Array<{ id: string; reservationId: string }>> {
    const rows: Array<{ id: string; reservation_id: string }> = await this.dataSource.query(
      `SELECT id, reservation_id FROM generation.batches WHERE status <> 'running' AND NOT reservation_settled ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ id: row.id, reservationId: row.reservation_id }));
  }

  /** Marks the batch settled, unless a redo gave it a new reservation meanwhile (that one is still to settle). */
  async markSettled(batchId: string, reservationId: string): Promise<void> {
    await this.dataSource.query(`UPDATE generation.batches SET reservation_settled = true WHERE id = $1 AND reservation_id = $2`, [
      batchId,
      reservationId,
    ]);
  }

  /**
   * A redo of flagged designs: new rows after the last one, and the finished (and settled) batch runs
   * again on its new reservation. False, with nothing changed, when the batch is not finished and
   * settled any more (a redo racing another one).
   */
  async appendRedo(userId: string, batchId: string, reservationId: string, rows: Array<Omit<NewBatchRow, 'position'>>): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [batch]: Array<{ status: BatchStatus; reservation_settled: boolean }> = await tx.query(
        `SELECT status, reservation_settled FROM generation.batches WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [batchId, userId],
      );
      if (!batch || batch.status !== 'finished' || !batch.reservation_settled) return false;
      await tx.query(
        `INSERT INTO generation.batch_rows (id, batch_id, user_id, position, prompt, dark, transparent, job_id)
         SELECT t.id, $1, $2, (SELECT max(position) FROM generation.batch_rows WHERE batch_id = $1) + t.n, t.prompt, t.dark, t.transparent, t.job_id
         FROM unnest($3::uuid[], $4::text[], $5::boolean[], $6::boolean[], $7::uuid[]) WITH ORDINALITY AS t(id, prompt, dark, transparent, job_id, n)`,
        [
          batchId,
          userId,
          rows.map((row) => row.id),
          rows.map((row) => row.prompt),
          rows.map((row) => row.dark),
          rows.map((row) => row.transparent),
          rows.map((row) => row.jobId),
        ],
      );
      await tx.query(
        `UPDATE generation.batches SET status = 'running', finished_at = NULL, reservation_id = $2, reservation_settled = false WHERE id = $1`,
        [batchId, reservationId],
      );
      return true;
    });
  }

  /** Ended batches older than `days` whose jobs are all purged (their designs are gone too). */
  async purgeEnded(days: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM generation.batches b WHERE b.status <> 'running' AND b.reservation_settled
         AND b.finished_at < now() - make_interval(days => $1)
         AND NOT EXISTS (SELECT 1 FROM generation.batch_rows r JOIN generation.jobs j ON j.id = r.job_id WHERE r.batch_id = b.id)`,
      [days],
    );
    return count;
  }

  /** The user's batches still running. */
  async runningIds(userId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM generation.batches WHERE user_id = $1 AND status = 'running' ORDER BY created_at`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  async deleteForUser(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM generation.batches WHERE user_id = $1`, [userId]);
    return count;
  }

  /** Every batch of the user with its rows, for the data export. */
  async forExport(userId: string): Promise<
    Array<{
      id: string;
      status: string;
      source: string;
      template: string | null;
      name: string | null;
      createdAt: Date;
      finishedAt: Date | null;
      rows: Array<{ position: number; prompt: string; status: string; jobId: string | null }>;
    }>
  > {
    const batches: Array<{
      id: string;
      status: string;
      source: string;
      template: string | null;
      name: string | null;
      created_at: Date;
      finished_at: Date | null;
    }> = await this.dataSource.query(
      `SELECT id, status, source, template, name, created_at, finished_at FROM generation.batches WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
    const rows: Array<{ batch_id: string; position: number; prompt: string; status: JobStatus | string; job_id: string; fed: boolean }> =
      await this.dataSource.query(
        `SELECT r.batch_id, r.position, r.prompt, ${ROW_STATUS} AS status, r.job_id, r.status = 'fed' AS fed
         FROM generation.batch_rows r LEFT JOIN generation.jobs j ON j.id = r.job_id AND r.status = 'fed'
         WHERE r.user_id = $1 ORDER BY r.batch_id, r.position`,
        [userId],
      );
    return batches.map((batch) => ({
      id: batch.id,
      status: batch.status,
      source: batch.source,
      template: batch.template,
      name: batch.name,
      createdAt: new Date(batch.created_at),
      finishedAt: batch.finished_at ? new Date(batch.finished_at) : null,
      rows: rows
        .filter((row) => row.batch_id === batch.id)
        .map((row) => ({ position: row.position, prompt: row.prompt, status: row.status, jobId: row.fed ? row.job_id : null })),
    }));
  }
}
