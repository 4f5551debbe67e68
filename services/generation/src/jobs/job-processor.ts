import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import { AppError, ASSETS, BILLING, dispatchMessage, ingestReply, settleReply } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { jobImageKey, jobPrefix, type ObjectStorage } from '@printloom/storage';
import { buildVariantPrompts } from '../domain/prompt-builder.js';
import { JobRepository, type JobRow } from '../repositories/job.repository.js';
import { ProviderError, type ImageProvider } from '../providers/image-provider.js';
import { toPrintFile } from '../providers/print-finish.js';
import { GENERATION_CONFIG, IMAGE_PROVIDER, OBJECT_STORAGE } from '../generation.tokens.js';
import type { GenerationConfig } from '../config.js';

export const FAILED_MESSAGE = 'Generation failed. Your credit was refunded. Please try again.';
const TRANSIENT_CODES = new Set(['UNAVAILABLE', 'TIMEOUT']);
const MAX_TRANSIENT_DELIVERIES = 4;

/**
 * Runs one job message. Every step is safe to repeat (a redelivered job after a worker died): the
 * job row says whether it is finished, images go to fixed keys, ingest and the credit commit are
 * idempotent, so a job never produces 8 images or a second charge.
 */
@Injectable()
export class JobProcessor {
  constructor(
    private readonly jobs: JobRepository,
    private readonly rpc: RpcClient,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(message: JsMsg): Promise<void> {
    const parsed = dispatchMessage.safeParse(message.json());
    if (!parsed.success) {
      message.term();
      return;
    }
    const job = await this.jobs.find(parsed.data.jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') {
      message.ack();
      return;
    }
    // Tells JetStream this worker is alive, so a long provider call is not redelivered meanwhile.
    const heartbeat = setInterval(() => {
      try {
        message.working();
      } catch {
        // connection gone: the message will be redelivered to another worker
      }
    }, Math.max(500, this.config.JOB_ACK_WAIT_MS / 3));
    heartbeat.unref();
    try {
      await this.run(job);
      message.ack();
    } catch (error) {
      if (this.isTransient(error) && message.info.deliveryCount < MAX_TRANSIENT_DELIVERIES) {
        this.logger.warn({ err: error, jobId: job.id, deliveryCount: message.info.deliveryCount }, 'Job hit a transient error; retrying');
        message.nak(1000 * message.info.deliveryCount);
        return;
      }
      this.logger.error({ err: error, jobId: job.id }, 'Job failed');
      await this.fail(job, error instanceof ProviderError ? error.message : FAILED_MESSAGE);
      message.ack();
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Fails a job once, gives its credit back and removes its staging files. */
  async fail(job: JobRow, error: string): Promise<void> {
    if (!(await this.jobs.finish(job.id, 'failed', error))) return;
    if (job.reservation_id) {
      await this.rpc.request(BILLING.release, { reservationId: job.reservation_id }, settleReply).catch((releaseError: unknown) =>
        this.logger.error({ err: releaseError, jobId: job.id }, 'Release failed; the billing sweeper will return the credit'),
      );
    }
    await this.removeStaging(job.id);
  }

  private async run(job: JobRow): Promise<void> {
    if (!(await this.jobs.advance(job.id, 'generating'))) return;
    const prompts = buildVariantPrompts(job.prompt, { dark: job.dark, transparent: job.transparent });
    const started = Date.now();
    const images = await this.provider.generate({ idea: job.prompt, prompts, dark: job.dark, transparent: job.transparent, seed: job.id });
    await this.jobs.recordProviderTime(job.id, Date.now() - started);
    if (!(await this.jobs.advance(job.id, 'processing'))) return;

    const stored = await Promise.all(
      images.map(async (image) => {
        const key = jobImageKey(job.id, image.variant);
        await this.storage.put(key, await toPrintFile(image.png, { transparent: job.transparent, dark: job.dark, printReady: image.printReady }), 'image/png');
        return { variant: image.variant, key };
      }),
    );
    await this.rpc.request(ASSETS.ingest, { userId: job.user_id, jobId: job.id, prompt: job.prompt, images: stored }, ingestReply, { timeoutMs: 60_000 });
    if (job.reservation_id) {
      try {
        await this.rpc.request(BILLING.commit, { reservationId: job.reservation_id }, settleReply);
      } catch (error) {
        // Released meanwhile: the sweeper failed and refunded this job; leave it failed.
        if (error instanceof AppError && error.code === 'CONFLICT') return this.removeStaging(job.id);
        throw error;
      }
    }
    await this.jobs.finish(job.id, 'succeeded');
    await this.removeStaging(job.id);
  }

  /** The job's `jobs/{id}/` files, whatever it stored; the staging sweeper catches what a crash leaves. */
  private async removeStaging(jobId: string): Promise<void> {
    try {
      const keys: string[] = [];
      for await (const object of this.storage.list(jobPrefix(jobId))) keys.push(object.key);
      await this.storage.delete(keys);
    } catch (error) {
      this.logger.warn({ err: error, jobId }, 'Staging files not removed; the staging sweeper will');
    }
  }

  private isTransient(error: unknown): boolean {
    if (error instanceof ProviderError) return error.retryable;
    return error instanceof AppError && TRANSIENT_CODES.has(error.code);
  }
}
