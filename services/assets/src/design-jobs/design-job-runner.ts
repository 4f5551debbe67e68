import { Inject, Injectable } from '@nestjs/common';
import { AppError, BULK_JOB, LISTING_KIT, TIME_BUDGETS, EXPORT_RENDER_TIMEOUT_MS } from '@printloom/contracts';
import { LOGGER, type Logger } from '@printloom/service-kit';
import { DesignJobRepository, type StoredDesignJob } from '../repositories/design-job.repository.js';
import { ListingKits } from '../listing-kits/listing-kits.service.js';
import { BulkJobs } from '../bulk-jobs/bulk-jobs.service.js';
import { asBackgroundWork } from '../image/background-work.js';

/** Attempts of a job before it fails for good (a pass stops on an error and a later pass goes on). */
const JOB_MAX_ATTEMPTS = 3;
/** A running instance renews its claim after every design; one silent this long died. */
const JOB_STALE_AFTER_SECONDS = Math.ceil((2 * Math.max(TIME_BUDGETS.listingKitDesign.service, EXPORT_RENDER_TIMEOUT_MS)) / 1000);
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
 * The one runner of design jobs (listing kits and bulk actions): each pass claims a waiting job (or one
 * whose instance died), sellers in turn (the one served longest ago first), and walks at most
 * DESIGNS_PER_PASS of its designs from where it stood, renewing the claim after each; an unfinished job
 * goes back for a later pass, so one seller's jobs of 1,000 designs hold nobody else's up for more than
 * a pass. A design deleted meanwhile is skipped; a stop between two designs hands the job back for any
 * instance; a full export share hands it back to wait the time the refusal asks.
 */
@Injectable()
export class DesignJobRunner {
  /** Set when the service stops: a job being processed is given back between two designs. */
  private closing = false;

  constructor(
    private readonly jobs: DesignJobRepository,
    private readonly kits: ListingKits,
    private readonly bulk: BulkJobs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async runNext(): Promise<DesignJobPass> {
    if (this.closing) return NOTHING;
    const job = await this.jobs.claimNext(JOB_STALE_AFTER_SECONDS);
    if (!job) return NOTHING;
    const keptDays = job.action === 'kit' ? LISTING_KIT.jobKeptDays : BULK_JOB.keptDays;
    const end = Math.min(job.assetIds.length, job.processed + DESIGNS_PER_PASS);
    try {
      for (let index = job.processed; index < end; index += 1) {
        if (this.closing) {
          await this.jobs.release(job.id);
          return { ...NOTHING, handed_back_jobs: 1 };
        }
        try {
          await this.step(job, job.assetIds[index]);
        } catch (error) {
          if (error instanceof AppError && error.code === 'RATE_LIMITED') {
            await this.jobs.release(job.id, waitAsked(error));
            return { ...NOTHING, handed_back_jobs: 1 };
          }
          if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        }
        await this.jobs.markProcessed(job.id, index + 1);
      }
      if (end < job.assetIds.length) {
        await this.jobs.release(job.id);
        return { ...NOTHING, continued_jobs: 1 };
      }
      await this.jobs.markDone(job.id, keptDays);
      return { ...NOTHING, done_jobs: 1 };
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id, action: job.action, userId: job.userId }, 'A design job pass stopped');
      await this.jobs.markStopped(job.id, (error as Error).message, JOB_MAX_ATTEMPTS, keptDays);
      return { ...NOTHING, stopped_jobs: 1 };
    }
  }

  /**
   * Passes one after another while they get work done (the sweeper's run: a job of 1,000 designs does
   * not wait an interval every 25); stops at a pass that found nothing, stopped on an error or was handed
   * back (those wait for the next interval), or when the service stops. What they did, summed.
   */
  async runWhileBusy(): Promise<DesignJobPass> {
    const total = { ...NOTHING };
    for (;;) {
      const pass = await this.runNext();
      for (const key of Object.keys(total) as Array<keyof DesignJobPass>) total[key] += pass[key];
      if (pass.done_jobs + pass.continued_jobs === 0 || this.closing) return total;
    }
  }

  close(): void {
    this.closing = true;
  }

  /** No seller waits on a kit or a bulk action: the files they make go to the image pool's background lane. */
  private async step(job: StoredDesignJob, assetId: string): Promise<void> {
    await asBackgroundWork(async () => {
      if (job.action === 'kit') await this.kits.design(job.userId, assetId, 'kit');
      else await this.bulk.step(job, assetId);
    });
  }
}
