import { ASSETS, LIMITS, REFUND_MESSAGES } from '@printloom/contracts';
import type { RpcClient } from '@printloom/service-kit';
import { STORAGE_PREFIXES, type ObjectStorage } from '@printloom/storage';
import type { JobRepository } from '../repositories/job.repository.js';
import type { BatchRepository } from '../repositories/batch.repository.js';
import type { JobProcessor } from '../jobs/job-processor.js';

/** Generation's sweepers: stuck jobs, staging files left by a crash, and finished jobs with no images left. */
export class GenerationHousekeeping {
  constructor(
    private readonly jobs: JobRepository,
    private readonly batches: BatchRepository,
    private readonly processor: JobProcessor,
    private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
    private readonly options: { jobTimeoutMs: number; stagingMaxAgeMs: number },
  ) {}

  /** Jobs stuck past the timeout (provider hung, every worker died) are failed and refunded. */
  async failStuckJobs(): Promise<{ timed_out: number }> {
    const stale = await this.jobs.staleUnfinished(this.options.jobTimeoutMs, 100);
    await Promise.all(stale.map((job) => this.processor.fail(job, REFUND_MESSAGES.generationTimedOut)));
    return { timed_out: stale.length };
  }

  /**
   * `jobs/` and `uploads/` only hold files while a job or a describe is running; anything older than
   * the staging age (well past the job timeout and the describe budget) was left by a crash.
   */
  async sweepStaging(): Promise<{ job_files: number; uploads: number }> {
    return { job_files: await this.deleteOlderThan(STORAGE_PREFIXES.jobs), uploads: await this.deleteOlderThan(STORAGE_PREFIXES.uploads) };
  }

  /**
   * Finished jobs are kept while any of their images are; a job older than the retention with none left
   * goes. An ended batch goes once all of its jobs have.
   */
  async purgeFinishedJobs(): Promise<{ finished_jobs: number; ended_batches: number }> {
    let purged = 0;
    for (let after: string | null = null; ;) {
      const candidates: string[] = (await this.jobs.finishedBefore(LIMITS.retentionDays, after, 500)).map((job) => job.id);
      if (candidates.length === 0) return { finished_jobs: purged, ended_batches: await this.batches.purgeEnded(LIMITS.retentionDays) };
      after = candidates[candidates.length - 1];
      const { jobIds } = await this.rpc.request(ASSETS.jobsWithAssets, { jobIds: candidates });
      const keep = new Set(jobIds);
      const doomed = candidates.filter((id) => !keep.has(id));
      if (doomed.length > 0) purged += await this.jobs.deleteMany(doomed);
    }
  }

  private async deleteOlderThan(prefix: string): Promise<number> {
    const cutoff = Date.now() - this.options.stagingMaxAgeMs;
    const old: string[] = [];
    for await (const object of this.storage.list(prefix)) if (object.lastModified.getTime() < cutoff) old.push(object.key);
    for (let i = 0; i < old.length; i += 500) await this.storage.delete(old.slice(i, i + 500));
    return old.length;
  }
}
