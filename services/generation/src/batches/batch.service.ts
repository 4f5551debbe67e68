import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ASSETS,
  BATCH_MESSAGES,
  BILLING,
  CREDIT_COSTS,
  collectionName,
  LIMITS,
  REFUND_MESSAGES,
  type Batch,
  type BatchSummary,
  type RpcRequest,
  type GENERATION,
} from '@printloom/contracts';
import { handOverReservation, LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { BatchRepository } from '../repositories/batch.repository.js';
import type { StoredBatch, StoredBatchRow } from '../domain/stored-batch.js';
import { designsFromCsv, designsFromTemplate, type BatchDesign } from './batch-input.js';
import { BatchSettlement } from './batch-settlement.js';

type CreateBatchRequest = RpcRequest<typeof GENERATION.createBatch>;

/**
 * Batches: what a seller starts, reads and cancels. The rows wait in the batch table; BatchFeeder turns
 * them into jobs. All of a batch's credits are reserved when it starts, in one reservation that
 * billing's sweeper never releases; each row's job takes its credit out of it when fed.
 */
@Injectable()
export class BatchService {
  constructor(
    private readonly batches: BatchRepository,
    private readonly settlement: BatchSettlement,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(request: CreateBatchRequest): Promise<{ batch: Batch }> {
    const designs: BatchDesign[] =
      request.source === 'csv' ? designsFromCsv(request.csv) : designsFromTemplate(request.template, request.values, request.options);
    const batchId = randomUUID();
    const needed = designs.length * CREDIT_COSTS.generation;
    const { priorityTier } = await this.rpc.request(BILLING.entitlements, { userId: request.userId });
    try {
      await handOverReservation(
        this.rpc,
        { userId: request.userId, amount: needed, reason: 'batch', ref: `batch:${batchId}` },
        (reservation) =>
          this.batches.create(
            {
              id: batchId,
              userId: request.userId,
              source: request.source,
              template: request.source === 'template' ? request.template : null,
              name: request.source === 'template' ? collectionName(request.template, request.values) : null,
              priorityTier,
              reservationId: reservation.id,
            },
            designs.map((design, index) => ({ id: randomUUID(), jobId: randomUUID(), position: index + 1, ...design })),
          ),
        { logger: this.logger, logFields: { batchId } },
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
        throw new AppError('INSUFFICIENT_CREDITS', BATCH_MESSAGES.insufficientCredits, { needed });
      throw error;
    }
    this.logger.info({ batchId, userId: request.userId, rows: designs.length, source: request.source }, 'Batch started');
    return this.get(request.userId, batchId);
  }

  async get(userId: string, batchId: string): Promise<{ batch: Batch }> {
    const batch = await this.batches.find(userId, batchId);
    if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    const rows = await this.batches.rows(batch.id);
    return { batch: { ...summaryOf(batch), rows: rows.map(rowView) } };
  }

  async list(userId: string): Promise<{ batches: BatchSummary[] }> {
    return { batches: (await this.batches.list(userId, LIMITS.batchListSize)).map(summaryOf) };
  }

  async rename(request: RpcRequest<typeof GENERATION.renameBatch>): Promise<{ batch: Batch }> {
    if (!(await this.batches.rename(request.userId, request.batchId, request.name)))
      throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    return this.get(request.userId, request.batchId);
  }

  /** Waiting rows stop and their credits go back at once; rows already jobs finish (and are charged or refunded as jobs). */
  async cancel(userId: string, batchId: string): Promise<{ batch: Batch }> {
    const { found, cancelledRows } = await this.batches.cancel(userId, batchId);
    if (!found) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    if (cancelledRows > 0) this.logger.info({ batchId, userId, cancelledRows }, 'Batch cancelled');
    // What no row took is released now (the feeder's settlement pass retries it if billing is away).
    const batch = await this.batches.find(userId, batchId);
    if (batch && batch.status === 'cancelled') await this.settlement.settle(batch);
    return this.get(userId, batchId);
  }

  /**
   * "Redo the flagged ones". A job makes its variants for one credit, so the unit redone is the row:
   * every row with at least one design whose quality verdict is not ok (assets says which, of the
   * user's own) gets one new row at the end of the batch — same prompt and options, a new job id and
   * so a new seed (the job id seeds the engine) — at one credit each, reserved now in a new batch
   * reservation (the old one, empty once the batch finished, is released first). Only the last row of
   * each prompt and options counts, so rows already redone are not redone again (their redo is). Only a
   * finished batch: a running one is not done yet, a cancelled one stays cancelled.
   */
  async redoFlagged(userId: string, batchId: string): Promise<{ batch: Batch }> {
    const batch = await this.batches.find(userId, batchId);
    if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    if (batch.status === 'cancelled') throw new AppError('CONFLICT', BATCH_MESSAGES.redoCancelled);
    if (batch.status === 'running') throw new AppError('CONFLICT', BATCH_MESSAGES.redoWhileRunning);
    const latest = new Map<string, StoredBatchRow>();
    for (const row of await this.batches.rows(batch.id)) latest.set(JSON.stringify([row.prompt, row.dark, row.transparent]), row);
    const candidates = [...latest.values()].filter((row) => row.assetIds.length > 0);
    const assetIds = candidates.flatMap((row) => row.assetIds);
    const flagged = new Set(assetIds.length > 0 ? (await this.rpc.request(ASSETS.flaggedDesigns, { userId, assetIds })).assetIds : []);
    const redo = candidates.filter((row) => row.assetIds.some((id) => flagged.has(id)));
    if (redo.length === 0) throw new AppError('CONFLICT', BATCH_MESSAGES.nothingFlagged);
    // The finished batch's reservation holds nothing; released (again: a release repeated changes nothing) before the new one.
    if (!(await this.settlement.settle(batch))) throw new AppError('UNAVAILABLE', BATCH_MESSAGES.redoUnavailable);
    const needed = redo.length * CREDIT_COSTS.generation;
    const rows = redo.map((row) => ({
      id: randomUUID(),
      jobId: randomUUID(),
      prompt: row.prompt,
      dark: row.dark,
      transparent: row.transparent,
    }));
    try {
      await handOverReservation(
        this.rpc,
        { userId, amount: needed, reason: 'batch', ref: `batch:${batchId}:redo:${randomUUID()}` },
        async (reservation) => {
          if (!(await this.batches.appendRedo(userId, batchId, reservation.id, rows)))
            throw new AppError('CONFLICT', BATCH_MESSAGES.redoWhileRunning);
        },
        { logger: this.logger, logFields: { batchId } },
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
        throw new AppError('INSUFFICIENT_CREDITS', BATCH_MESSAGES.insufficientCredits, { needed });
      throw error;
    }
    this.logger.info({ batchId, userId, rows: rows.length }, 'Batch redoing its flagged designs');
    return this.get(userId, batchId);
  }

  /** Which designs each row of the user's batch made, with the row's position (assets backfills a collection from it). */
  async membership(userId: string, batchId: string): Promise<{ designs: Array<{ assetId: string; position: number }> }> {
    const batch = await this.batches.find(userId, batchId);
    if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    const rows = await this.batches.rows(batch.id);
    return { designs: rows.flatMap((row) => row.assetIds.map((assetId) => ({ assetId, position: row.position }))) };
  }

  /** A deleted account's batches stop at once (their waiting rows refunded); the purge removes them later. */
  async cancelAll(userId: string): Promise<number> {
    const running = await this.batches.runningIds(userId);
    for (const batchId of running) await this.cancel(userId, batchId);
    return running.length;
  }

  async exportBatches(userId: string) {
    return (await this.batches.forExport(userId)).map((batch) => ({
      ...batch,
      createdAt: batch.createdAt.toISOString(),
      finishedAt: batch.finishedAt?.toISOString() ?? null,
    }));
  }
}

function summaryOf(batch: StoredBatch): BatchSummary {
  return {
    id: batch.id,
    status: batch.status,
    stopReason: batch.stopReason,
    template: batch.template,
    name: batch.name ?? madeUpName(batch),
    source: batch.source,
    counts: batch.counts,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}

/** The name of a batch that has none stored (older than names, or from a CSV file): never the raw `{value}`. */
function madeUpName(batch: StoredBatch): string {
  if (batch.template) return collectionName(batch.template, []);
  return `Collection from a CSV file (${batch.counts.total} ${batch.counts.total === 1 ? 'row' : 'rows'})`;
}

function rowView(row: StoredBatchRow): Batch['rows'][number] {
  const error =
    row.status === 'cancelled'
      ? BATCH_MESSAGES.rowCancelled
      : row.status === 'failed'
        ? (row.jobError ?? REFUND_MESSAGES.generationFailed)
        : null;
  return {
    id: row.id,
    position: row.position,
    prompt: row.prompt,
    status: row.status,
    jobId: row.jobId,
    assetIds: row.assetIds,
    error,
    dark: row.dark,
    transparent: row.transparent,
  };
}
