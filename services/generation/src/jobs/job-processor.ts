import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import { AppError, ASSETS, CREDIT_COSTS, DERIVATIVES, REFUND_MESSAGES, VARIANT_LETTERS, dispatchMessage } from '@printloom/contracts';
import { PRINT_SIZES } from '@printloom/design-engine';
import {
  CreditReservation,
  LOGGER,
  RpcClient,
  SERVICE_METRICS,
  type Logger,
  type ReservationOptions,
  type ServiceMetrics,
} from '@printloom/service-kit';
import type { Histogram } from 'prom-client';
import { jobImageKey, jobPrefix, type ObjectStorage } from '@printloom/storage';
import { JobRepository } from '../repositories/job.repository.js';
import type { StoredJob } from '../domain/stored-job.js';
import { JobImageRepository, type JobImage } from '../repositories/job-image.repository.js';
import { SpendRepository } from '../repositories/spend.repository.js';
import { ProviderError, type GeneratedImage, type ImageProvider } from '../providers/image-provider.js';
import { jobRetryOf } from './job-retry.js';
import { prepareVariantFiles, variantFileKey } from './variant-files.js';
import { GENERATION_CONFIG, GENERATION_METRICS, IMAGE_PROVIDER, OBJECT_STORAGE } from '../generation.tokens.js';
import type { GenerationConfig } from '../config.js';
import type { GenerationMetrics } from './generation-metrics.js';

export const SPEND_WAIT_NOTICE = "Waiting: today's image budget is used up. Your job starts by itself when it resets at 00:00 UTC.";

/**
 * Runs one job message. Every step is safe to repeat (a redelivered job after a worker died): each
 * variant's print file is recorded as it completes and a later run draws only the missing ones,
 * ingest and the credit commit are idempotent, so a job never pays twice for an image, never
 * produces 8 images and never charges twice.
 */
@Injectable()
export class JobProcessor {
  private readonly duration: Histogram<'outcome' | 'tier'>;

  constructor(
    private readonly jobs: JobRepository,
    private readonly jobImages: JobImageRepository,
    private readonly spend: SpendRepository,
    private readonly rpc: RpcClient,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
    @Inject(GENERATION_METRICS) private readonly metrics: GenerationMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_METRICS) serviceMetrics: ServiceMetrics,
  ) {
    this.duration = serviceMetrics.histogram(
      'printloom_generation_job_duration_seconds',
      'Handling of one job delivery, by outcome (succeeded, failed, retried, waiting for the spend ceiling) and priority tier',
      ['outcome', 'tier'],
    );
  }

  async handle(message: JsMsg): Promise<void> {
    const parsed = dispatchMessage.safeParse(message.json());
    if (!parsed.success) {
      message.term();
      return;
    }
    let job = await this.jobs.find(parsed.data.jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') {
      message.ack();
      return;
    }
    // Tells JetStream and the sweeper this worker is alive, so a long provider call is neither
    // redelivered nor timed out meanwhile.
    const jobId = job.id;
    await this.jobs.heartbeat(jobId);
    const heartbeat = setInterval(
      () => {
        try {
          message.working();
        } catch {
          // connection gone: the message will be redelivered to another worker
        }
        this.jobs.heartbeat(jobId).catch(() => undefined);
      },
      Math.max(500, Math.min(this.config.JOB_ACK_WAIT_MS, this.config.JOB_TIMEOUT_MS) / 3),
    );
    heartbeat.unref();
    const timer = this.duration.startTimer({ tier: String(job.priorityTier) });
    try {
      const outcome = await this.run(job);
      if (outcome === 'waiting') message.nak(this.spendWaitMs());
      else message.ack();
      timer({ outcome: outcome === 'waiting' ? 'waiting' : 'succeeded' });
    } catch (error) {
      job = (await this.jobs.find(jobId)) ?? job;
      const retry = jobRetryOf(error, job.attempts, deliveryCountOf(message));
      if (retry.retry) {
        this.logger.warn(
          { err: error, jobId: job.id, attempts: job.attempts, retryInMs: retry.delayMs },
          'Job hit a transient error; retrying the missing steps',
        );
        message.nak(retry.delayMs);
        timer({ outcome: 'retried' });
        return;
      }
      this.report(error, job);
      await this.fail(job, error instanceof ProviderError ? error.message : REFUND_MESSAGES.generationFailed);
      message.ack();
      timer({ outcome: 'failed' });
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Fails a job once, gives its credit back and removes its staging files. */
  async fail(job: StoredJob, error: string): Promise<void> {
    if (!(await this.jobs.finish(job.id, 'failed', error))) return;
    if (job.reservationId) await CreditReservation.of(this.rpc, job.reservationId, this.settling(job)).release();
    await this.removeStaging(job.id);
  }

  private async run(job: StoredJob): Promise<'done' | 'waiting'> {
    const stored = new Set((await this.jobImages.list(job.id)).map((image) => image.variant));
    const missing = VARIANT_LETTERS.filter((variant) => !stored.has(variant));
    if (missing.length > 0) {
      if (this.provider.billable && !(await this.spend.take(missing.length, this.config.OPENAI_DAILY_IMAGE_LIMIT))) {
        await this.jobs.setNotice(job.id, SPEND_WAIT_NOTICE);
        this.metrics.spendCapReached.inc();
        this.logger.error(
          { jobId: job.id, limit: this.config.OPENAI_DAILY_IMAGE_LIMIT },
          'Daily image ceiling reached (OPENAI_DAILY_IMAGE_LIMIT): new jobs wait until 00:00 UTC',
        );
        return 'waiting';
      }
      if (this.provider.billable) this.metrics.imagesToday.set(await this.spend.today());
      await this.jobs.setNotice(job.id, null);
      if (!(await this.jobs.advance(job.id, 'generating'))) return 'done';
      const started = Date.now();
      await this.provider.generate(
        { idea: job.prompt, variants: missing, dark: job.dark, transparent: job.transparent, seed: job.id },
        (image) => this.store(job, image),
      );
      await this.jobs.recordProviderTime(job.id, Date.now() - started);
    }
    if (!(await this.jobs.advance(job.id, 'processing'))) return 'done';

    const images = await this.jobImages.list(job.id);
    const { assetIds } = await this.rpc.request(
      ASSETS.ingest,
      {
        userId: job.userId,
        jobId: job.id,
        prompt: job.prompt,
        images: images.map((image) => ({
          variant: image.variant,
          key: image.key,
          removeBackground: image.opaqueBackground,
          ...this.derivativeKeys(job, image),
        })),
        // What assets needs to make the other garment's file later: the engine draws it again from these.
        dark: job.dark,
        drawnBy: this.provider.name === 'local' ? 'engine' : 'image-model',
        // The quality verdict checks the background only where a transparent one was asked.
        transparent: job.transparent,
        // A collection's row: assets answers the collection's designs in row order from it.
        ...(job.batch ? { batch: job.batch } : {}),
      },
      { timeoutMs: 120_000 },
    );
    // A batch row shows its designs by these (ingest answers the same ids when repeated).
    await this.jobs.recordAssets(job.id, assetIds);
    // Charged, or failed and refunded meanwhile (the sweeper): either way the staging files go.
    if (!job.reservationId || (await this.charge(job, job.reservationId))) await this.jobs.finish(job.id, 'succeeded');
    await this.removeStaging(job.id);
    return 'done';
  }

  /**
   * Commits the job's credit; false when the job was failed and refunded meanwhile (leave it failed).
   * A job that waited past billing's reservation timeout (the daily ceiling) finds its credit released:
   * it is charged again, or delivered free when the seller has none left (the wait was ours).
   */
  private async charge(job: StoredJob, reservationId: string): Promise<boolean> {
    try {
      await CreditReservation.of(this.rpc, reservationId, this.settling(job)).commit();
      return true;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
    const current = await this.jobs.find(job.id);
    if (!current || current.status === 'failed') return false;
    try {
      // Not withReservation: a commit that fails is retried by redelivery with the same ref, which
      // must find this reservation still held (a release here would make it a CONFLICT for good).
      const again = await CreditReservation.reserve(
        this.rpc,
        { userId: job.userId, amount: CREDIT_COSTS.generation, reason: 'generation', ref: `generation:${job.id}:recharged` },
        this.settling(job),
      );
      await again.commit();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')) throw error;
      this.logger.warn(
        { jobId: job.id, userId: job.userId },
        'Credit released while the job waited and none left: delivered without charge',
      );
    }
    return true;
  }

  private settling(job: StoredJob): ReservationOptions {
    return { logger: this.logger, logFields: { jobId: job.id } };
  }

  /** One variant is paid for: its print file is stored and recorded before anything else can fail. */
  private async store(job: StoredJob, image: GeneratedImage): Promise<void> {
    const key = jobImageKey(job.id, image.variant);
    const print = PRINT_SIZES[image.variant];
    const scale = this.config.PRINT_CANVAS_SCALE;
    const canvas = { width: Math.round(print.width * scale), height: Math.round(print.height * scale) };
    const { files, opaqueBackground } = await prepareVariantFiles(image, { transparent: job.transparent, dark: job.dark, canvas });
    await Promise.all(files.map((file) => this.storage.put(variantFileKey(key, file.suffix), file.body, file.contentType)));
    await this.jobImages.record(job.id, { variant: image.variant, key, opaqueBackground });
  }

  /** Where the worker put the variant's thumbnail and preview, when it could make them (assets falls back when missing). */
  private derivativeKeys(job: StoredJob, image: JobImage): { thumbnailKey?: string; previewKey?: string } {
    if (!job.transparent || image.opaqueBackground) return {};
    return {
      thumbnailKey: variantFileKey(image.key, DERIVATIVES.thumbnail.suffix),
      previewKey: variantFileKey(image.key, DERIVATIVES.preview.suffix),
    };
  }

  /** Failures that need the operator (no credit left, the model gone) are errors with a metric. */
  private report(error: unknown, job: StoredJob): void {
    if (error instanceof ProviderError) {
      this.metrics.providerFailures.inc({ kind: error.kind });
      if (error.kind === 'quota') {
        this.logger.error(
          { err: error, jobId: job.id },
          'The image API account is out of credit (insufficient_quota): jobs fail until it is topped up',
        );
        return;
      }
      if (error.kind === 'model-gone') {
        this.logger.error(
          { err: error, jobId: job.id, model: this.config.OPENAI_IMAGE_MODEL },
          `The image model ${this.config.OPENAI_IMAGE_MODEL} is no longer offered: set OPENAI_IMAGE_MODEL to a current model`,
        );
        return;
      }
    }
    this.logger.error({ err: error, jobId: job.id }, 'Job failed');
  }

  /** Looks again after a while, and at the latest when the day (UTC) turns. */
  private spendWaitMs(now = new Date()): number {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return Math.max(100, Math.min(this.config.SPEND_WAIT_RETRY_MS, midnight - now.getTime()));
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
}

/** This delivery's number (1 for the first); 1 where the message does not say. */
function deliveryCountOf(message: JsMsg): number {
  try {
    return message.info.deliveryCount;
  } catch {
    return 1;
  }
}
