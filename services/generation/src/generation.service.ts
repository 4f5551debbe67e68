import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, BILLING, CREDIT_COSTS, TIME_BUDGETS, type Job } from '@printloom/contracts';
import { handOverReservation, LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { ObjectNotFoundError, uploadPrefix, type ObjectStorage } from '@printloom/storage';
import { JobRepository } from './repositories/job.repository.js';
import { JobQueue } from './jobs/job-queue.js';
import { ProviderError, type ImageProvider } from './providers/image-provider.js';
import { IMAGE_PROVIDER, JOB_QUEUE, OBJECT_STORAGE } from './generation.tokens.js';

export const JOB_NOT_FOUND = 'Job not found';

@Injectable()
export class GenerationService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly rpc: RpcClient,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Reserves the credit, records the job and queues it at the user's priority; the worker does the rest. */
  async createJob(request: {
    userId: string;
    prompt: string;
    options: { transparent: boolean; dark: boolean };
  }): Promise<{ jobId: string }> {
    const jobId = randomUUID();
    const { priorityTier } = await this.rpc.request(BILLING.entitlements, { userId: request.userId });
    // Settled by the worker (job-processor.ts) by the reservation id the job records.
    await handOverReservation(
      this.rpc,
      { userId: request.userId, amount: CREDIT_COSTS.generation, reason: 'generation', ref: `generation:${jobId}` },
      async (reservation) => {
        await this.jobs.create({
          id: jobId,
          userId: request.userId,
          prompt: request.prompt,
          ...request.options,
          priorityTier,
          reservationId: reservation.id,
        });
        await this.queue.publish(jobId, priorityTier);
      },
      { logger: this.logger, logFields: { jobId } },
    );
    return { jobId };
  }

  async exportJobs(userId: string) {
    const rows = await this.jobs.forExport(userId);
    return {
      jobs: rows.map((row) => ({
        id: row.id,
        prompt: row.prompt,
        status: row.status,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  async getJob(userId: string, jobId: string): Promise<{ job: Job }> {
    const job = await this.jobs.find(jobId);
    if (!job || job.userId !== userId) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
    return { job: { id: job.id, status: job.status, error: job.error, prompt: job.prompt, notice: job.notice ?? null } };
  }

  /**
   * The description of an upload. The gateway holds the credit and owns the upload (it reserves
   * before storing, commits once it can deliver, deletes the upload either way).
   */
  async describe(request: { userId: string; uploadKey: string; mimeType: string }): Promise<{ description: string }> {
    if (!request.uploadKey.startsWith(uploadPrefix(request.userId))) throw new AppError('NOT_FOUND', 'Upload not found');
    const image = await this.storage.getBuffer(request.uploadKey).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw new AppError('NOT_FOUND', 'Upload not found');
      throw error;
    });
    try {
      return { description: await withinBudget(this.provider.describe(image, request.mimeType), TIME_BUDGETS.describe.provider) };
    } catch (error) {
      if (error instanceof ProviderError) {
        if (error.kind === 'quota' || error.kind === 'model-gone')
          this.logger.error(
            { err: error, kind: error.kind },
            'Describe failed: the image API needs the operator (out of credit, or OPENAI_VISION_MODEL is no longer offered)',
          );
        throw new AppError('UPSTREAM_FAILED', error.message);
      }
      throw error;
    }
  }
}

/** The provider's answer, or a clear failure once its budget is spent (the layers above wait longer). */
function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(ProviderError.of('timeout', true)), budgetMs);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
