import { Inject, Injectable } from '@nestjs/common';
import { CreditReservation, LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { BatchRepository } from '../repositories/batch.repository.js';

/**
 * Ends batches and gives back what their reservation still holds: a finished batch holds nothing (every
 * row took its credit), a cancelled one holds its cancelled rows' credits. Safe to repeat and to run on
 * several instances (a release repeated changes nothing).
 */
@Injectable()
export class BatchSettlement {
  constructor(
    private readonly batches: BatchRepository,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async settleEnded(): Promise<{ finished: number; settled: number }> {
    const finished = await this.batches.finishDone();
    let settled = 0;
    for (const batch of await this.batches.unsettled(100)) if (await this.settle(batch)) settled += 1;
    return { finished, settled };
  }

  /** Releases what an ended batch's reservation still holds; false when billing did not confirm (tried again later). */
  async settle(batch: { id: string; reservationId: string }): Promise<boolean> {
    try {
      // Not CreditReservation.release(), which never throws: the batch is marked only once billing confirmed.
      await CreditReservation.of(this.rpc, batch.reservationId, { logger: this.logger, logFields: { batchId: batch.id } }).releaseOrThrow();
      await this.batches.markSettled(batch.id, batch.reservationId);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, batchId: batch.id }, 'Batch reservation not released yet; the feeder tries again');
      return false;
    }
  }
}
