import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, BILLING, CREDIT_COSTS, entitlementsReply, reserveReply, settleReply, type Job } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
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
  async createJob(request: { userId: string; prompt: string; options: { transparent: boolean; dark: boolean } }): Promise<{ jobId: string }> {
    const jobId = randomUUID();
    const { priorityTier } = await this.rpc.request(BILLING.entitlements, { userId: request.userId }, entitlementsReply);
    const { reservationId } = await this.rpc.request(
      BILLING.reserve,
      { userId: request.userId, amount: CREDIT_COSTS.generation, reason: 'generation', ref: `generation:${jobId}` },
      reserveReply,
    );
    try {
      await this.jobs.create({ id: jobId, userId: request.userId, prompt: request.prompt, ...request.options, priorityTier, reservationId });
      await this.queue.publish(jobId, priorityTier);
    } catch (error) {
      await this.rpc.request(BILLING.release, { reservationId }, settleReply).catch(() => undefined);
      throw error;
    }
    return { jobId };
  }

  async getJob(userId: string, jobId: string): Promise<{ job: Job }> {
    const job = await this.jobs.find(jobId);
    if (!job || job.user_id !== userId) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
    return { job: { id: job.id, status: job.status, error: job.error, prompt: job.prompt, notice: job.notice ?? null } };
  }

  /** 1 credit, given back if describing fails. The upload is deleted either way. */
  async describe(request: { userId: string; uploadKey: string; mimeType: string }): Promise<{ description: string }> {
    if (!request.uploadKey.startsWith(`uploads/${request.userId}/`)) throw new AppError('NOT_FOUND', 'Upload not found');
    const { reservationId } = await this.rpc.request(
      BILLING.reserve,
      { userId: request.userId, amount: CREDIT_COSTS.describe, reason: 'describe', ref: `describe:${request.uploadKey}` },
      reserveReply,
    );
    try {
      const description = await this.provider.describe(await this.storage.getBuffer(request.uploadKey), request.mimeType);
      await this.rpc.request(BILLING.commit, { reservationId }, settleReply);
      return { description };
    } catch (error) {
      await this.rpc.request(BILLING.release, { reservationId }, settleReply).catch((releaseError: unknown) => this.logger.error({ err: releaseError }, 'Release failed'));
      if (error instanceof ProviderError) {
        if (error.kind === 'quota' || error.kind === 'model-gone') this.logger.error({ err: error, kind: error.kind }, 'Describe failed: the image API needs the operator (out of credit, or OPENAI_VISION_MODEL is no longer offered)');
        throw new AppError('UPSTREAM_FAILED', error.message);
      }
      throw error;
    } finally {
      await this.storage.delete([request.uploadKey]).catch(() => undefined);
    }
  }
}
