import { Inject, Injectable } from '@nestjs/common';
import { AppError, BULK_JOB, LISTING_KIT, TIME_BUDGETS, EXPORT_RENDER_TIMEOUT_MS } from '@printloom/contracts';
import {
  BackgroundWorker,
  LOGGER,
  SERVICE_METRICS,
  type Logger,
  type ServiceMetrics,
  type Settlement,
  type WorkInHand,
} from '@printloom/service-kit';
import type { AssetsConfig } from '../config.js';
import { ASSETS_CONFIG } from '../assets.tokens.js';
import { DesignJobRepository, type StoredDesignJob } from '../repositories/design-job.repository.js';
import { ListingKits } from '../listing-kits/listing-kits.service.js';
import { BulkJobs } from '../bulk-jobs/bulk-jobs.service.js';
import { asBackgroundWork } from '../renders/image/background-work.js';

/** Attempts of a job before it fails for good (a pass stops on an error and a later pass goes on). */
const JOB_MAX_ATTEMPTS = 3;
/** A running instance renews its claim after every design; one silent this long died. */
const JOB_STALE_AFTER_SECONDS = Math.ceil((2 * Math.max(TIME_BUDGETS.listingKitDesign.service, EXPORT_RENDER_TIMEOUT_MS)) / 1000);
/** How long a stop waits for the design in hand (its longest step) before the job is handed back anyway. */
export const DESIGN_JOB_STOP_GRACE_MS = Math.max(TIME_BUDGETS.listingKitDesign.service, EXPORT_RENDER_TIMEOUT_MS);
/** Designs one pass walks before the job goes back in its seller's turn (another seller's kit starts within one pass). */
export const DESIGNS_PER_PASS = 25;
/** How long a job handed back on a full export share waits when the refusal says no time. */
export const SHARE_FULL_WAIT_SECONDS = 10;

/** The time a RATE_LIMITED refusal asks for (`retryAfterSeconds`), or SHARE_FULL_WAIT_SECONDS. */
function waitAsked(error: AppError): number {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : SHARE_FULL_WAIT_SECONDS;
}

export type DesignJobPass = {
  done_jobs: number;
  stopped_jobs: number;
  /** Handed back: the user's export share is full (their own downloads first), or the instance stops. */
  handed_back_jobs: number;
  /** Walked DESIGNS_PER_PASS designs and went back, its progress kept, to wait for its seller's next turn. */
  continued_jobs: number;
};

const NOTHING: DesignJobPass = { done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 0 };

/**
 * The one runner of design jobs (listing kits and bulk actions), in service-kit's worker form on leased
 * rows: each pass claims a waiting job (or one whose instance died), sellers in turn (the one served
 * longest ago first), and walks at most DESIGNS_PER_PASS of its designs from where it stood, renewing
 * the claim after each; an unfinished job goes back for a later pass, so one seller's jobs of 1,000
 * designs hold nobody else's up for more than a pass. A design deleted meanwhile is skipped; a stop
 * between two designs hands the job back for any instance; a full export share hands it back to wait
 * the time the refusal asks.
 */
@Injectable()
export class DesignJobRunner {
  /** Set when the service stops: a job being processed is given back between two designs. */
  private closing = false;
  private readonly worker: BackgroundWorker<StoredDesignJob>;

  constructor(
    private readonly jobs: DesignJobRepository,
    private readonly kits: ListingKits,
    private readonly bulk: BulkJobs,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ASSETS_CONFIG) config: AssetsConfig,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    const rows = jobs.workSource(JOB_STALE_AFTER_SECONDS);
    this.worker = new BackgroundWorker<StoredDesignJob>({
      name: 'design-jobs',
      source: { heartbeatMs: rows.heartbeatMs, take: () => (this.closing ? Promise.resolve(null) : rows.take()) },
      idleRecheckMs: config.DESIGN_JOB_INTERVAL_MS,
      logger,
      registry: metrics.registry,
      handle: (job, inHand) => this.pass(job, inHand),
    });
  }

  /** One pass: claims a job and walks its share of designs. What it did. */
  async runNext(): Promise<DesignJobPass> {
    const settlement = await this.worker.runOnce();
    return { ...NOTHING, ...settlement?.counts };
  }

  /**
   * Passes one after another while they get work done; stops at a pass that found nothing, stopped on an
   * error or was handed back, or when the service stops. What they did, summed.
   */
  async runWhileBusy(): Promise<DesignJobPass> {
    const total = { ...NOTHING };
    for (;;) {
      const pass = await this.runNext();
      for (const key of Object.keys(total) as Array<keyof DesignJobPass>) total[key] += pass[key];
      if (pass.done_jobs + pass.continued_jobs === 0 || this.closing) return total;
    }
  }

  /** Passes in the background: one after another while there is work, then every DESIGN_JOB_INTERVAL_MS. */
  start(): void {
    this.worker.start();
  }

  /** Takes no new job and gives a job in hand back between two designs (synchronous: call it first when stopping). */
  close(): void {
    this.closing = true;
  }

  /** The stop rule: no new job, the pass in hand finishes or hands its job back within `graceMs`. */
  async stop(graceMs: number): Promise<number> {
    this.close();
    return this.worker.stop(graceMs);
  }

  /** Settled `done` when the job's own state is written (done, stopped); `later` when it goes back for a later pass. */
  private async pass(job: StoredDesignJob, inHand: WorkInHand): Promise<Settlement> {
    const keptDays = job.action === 'kit' ? LISTING_KIT.jobKeptDays : BULK_JOB.keptDays;
    const end = Math.min(job.assetIds.length, job.processed + DESIGNS_PER_PASS);
    try {
      for (let index = job.processed; index < end; index += 1) {
        if (this.closing || inHand.stopping()) return { settled: 'handed back', counts: { handed_back_jobs: 1 }, rest: true };
        try {
          await this.step(job, job.assetIds[index]);
        } catch (error) {
          if (error instanceof AppError && error.code === 'RATE_LIMITED')
            return { settled: 'later', inMs: waitAsked(error) * 1000, counts: { handed_back_jobs: 1 }, rest: true };
          if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        }
        await this.jobs.markProcessed(job.id, index + 1);
      }
      if (end < job.assetIds.length) return { settled: 'later', inMs: 0, counts: { continued_jobs: 1 } };
      await this.jobs.markDone(job.id, keptDays);
      return { settled: 'done', counts: { done_jobs: 1 } };
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id, action: job.action, userId: job.userId }, 'A design job pass stopped');
      await this.jobs.markStopped(job.id, (error as Error).message, JOB_MAX_ATTEMPTS, keptDays);
      return { settled: 'done', counts: { stopped_jobs: 1 }, rest: true };
    }
  }

  /** No seller waits on a kit or a bulk action: the files they make go to the image pool's background lane. */
  private async step(job: StoredDesignJob, assetId: string): Promise<void> {
    await asBackgroundWork(async () => {
      if (job.action === 'kit') await this.kits.design(job.userId, assetId, 'kit');
      else await this.bulk.step(job, assetId);
    });
  }
}
