import { ACCOUNT_ON_HOLD, AppError, BILLING, CREDIT_COSTS } from '@printloom/contracts';
import { CreditReservation, type Logger, type RpcClient } from '@printloom/service-kit';
import type { BatchRepository } from '../repositories/batch.repository.js';
import { PRIORITY_TIERS, type JobQueue } from '../jobs/job-queue.js';
import type { BatchSettlement } from './batch-settlement.js';

/**
 * A fed job still queued and untouched this long after its feed may have lost its publish to a crash:
 * it is published once more, with the same message id. JetStream drops that copy when the first one
 * was stored within its duplicate window (10 min, job-queue.ts), so the republish is only done well
 * inside it; past it, the job-timeout sweeper fails and refunds the job instead.
 */
const REPUBLISH_AFTER_MS = 30_000;
const REPUBLISH_UNTIL_MS = 5 * 60_000;

/**
 * Fair feeding. Each tier is one first-in-first-out queue, so a batch of 200 published at once would
 * sit in front of every other seller's job. Instead rows wait in the batch table and this feeder turns
 * them into jobs a few at a time: only into a tier whose queue has nothing waiting for a worker, one
 * row per seller per pass (the seller served longest ago first), at most `perUser` unfinished batch
 * jobs per seller, and never while that seller has an interactive job of their own waiting. Another
 * seller's single job therefore finds at most one batch job per batch seller ahead of it.
 *
 * Safe with several instances and across restarts: one instance feeds at a time (an advisory lock),
 * a row and its job id are fixed when the batch is written, the row's credit is split out of the
 * batch's reservation under the job's own ref (a retry finds the same one), and the row becomes its
 * job in the same transaction that marks it fed, and is published after that commit. A crash between
 * the two leaves a queued job that a later pass publishes again (see REPUBLISH_AFTER_MS).
 */
export class BatchFeeder {
  constructor(
    private readonly batches: BatchRepository,
    private readonly settlement: BatchSettlement,
    private readonly queue: JobQueue,
    private readonly rpc: RpcClient,
    private readonly logger: Logger,
    private readonly options: { perUser: number },
  ) {}

  /** One pass: feed what may go now, then end the batches that are done and release what they still hold. */
  async run(): Promise<{ fed: number; republished: number; finished: number; settled: number }> {
    const republished = await this.republishLost();
    const fed = await this.feed();
    const { finished, settled } = await this.settlement.settleEnded();
    return { fed, republished, finished, settled };
  }

  /** Fed jobs whose publish may have been lost (see REPUBLISH_AFTER_MS), published once more. */
  async republishLost(): Promise<number> {
    const lost = (await this.batches.feeding((tx) => tx.unpublished(REPUBLISH_AFTER_MS, REPUBLISH_UNTIL_MS))) ?? [];
    await this.publish(lost.map((job) => ({ jobId: job.jobId, tier: job.priorityTier })));
    return lost.length;
  }

  async feed(): Promise<number> {
    if (!(await this.batches.anyWaiting())) return 0;
    const { pending } = await this.queue.backlog();
    const open: number[] = PRIORITY_TIERS.filter((tier) => (pending.get(tier) ?? 0) === 0);
    if (open.length === 0) return 0;
    const published: Array<{ jobId: string; tier: number }> = [];
    await this.batches.feeding(async (tx) => {
      for (const row of await tx.candidates(this.options.perUser)) {
        const logFields = { batchId: row.batchId, rowId: row.id };
        // The tier of the seller's plan now, not when the batch was made (a plan bought or lapsed since).
        const tier = await this.rpc.request(BILLING.entitlements, { userId: row.userId }).then(
          (entitlements) => entitlements.priorityTier,
          (error: unknown) => {
            this.logger.warn({ err: error, ...logFields }, "Batch row not fed: its seller's plan could not be read");
            return null;
          },
        );
        if (tier === null || !open.includes(tier)) continue;
        // The job's credit, out of the batch's reservation under the job's own ref: a retry gets the same.
        let own: CreditReservation;
        try {
          own = await CreditReservation.of(this.rpc, row.reservationId, {
            logger: this.logger,
            logFields: { ...logFields, jobId: row.jobId },
          }).split(CREDIT_COSTS.generation, `generation:${row.jobId}`);
        } catch (error) {
          if (error instanceof AppError && error.details?.reason === ACCOUNT_ON_HOLD) {
            // A refund or dispute holds the account: what is not fed yet never will be.
            const cancelled = await tx.stop(row.batchId, 'payment_reversed');
            this.logger.warn({ ...logFields, userId: row.userId, cancelled }, 'Batch stopped: a payment was reversed');
          } else this.logger.error({ err: error, ...logFields }, 'Batch row not fed: its credit could not be split off');
          continue;
        }
        await tx.feed(row, own.id, tier);
        published.push({ jobId: row.jobId, tier });
      }
    });
    await this.publish(published);
    return published.length;
  }

  private async publish(jobs: Array<{ jobId: string; tier: number }>): Promise<void> {
    for (const job of jobs) {
      await this.queue.publish(job.jobId, job.tier).catch((error: unknown) => {
        this.logger.error({ err: error, jobId: job.jobId }, 'Fed batch job not published; a later pass publishes it again');
      });
    }
  }
}
