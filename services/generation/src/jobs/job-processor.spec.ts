// JobProcessor's rules against in-memory repositories, storage, provider and billing: no PostgreSQL,
// no NATS. The in-memory repositories keep the SQL's guards (a finished job stays finished, a variant
// is recorded once), which is what makes a redelivered job safe.
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { JsMsg } from '@nats-io/jetstream';
import { Histogram, Registry } from 'prom-client';
import { AppError, ASSETS, BILLING, REFUND_MESSAGES, VARIANT_LETTERS, type JobStatus, type VariantLetter } from '@printloom/contracts';
import { createLogger, FAILOVER_MESSAGE, RELEASE_FAILED_LOG, type ServiceMetrics } from '@printloom/service-kit';
import { InMemoryBilling } from '@printloom/service-kit/in-memory-billing';
import type { ObjectStorage, StoredObject } from '@printloom/storage';
import type { GenerationConfig } from '../config.js';
import type { StoredJob } from '../domain/stored-job.js';
import { ProviderError, type GeneratedImage, type GenerationInput, type ImageProvider } from '../providers/image-provider.js';
import type { JobImage, JobImageRepository } from '../repositories/job-image.repository.js';
import type { JobRepository } from '../repositories/job.repository.js';
import type { SpendRepository } from '../repositories/spend.repository.js';
import { GenerationMetrics } from './generation-metrics.js';
import { JobProcessor, SPEND_WAIT_NOTICE } from './job-processor.js';

const ASSET_ID = '00000000-0000-4000-8000-00000000a55e';
const FINAL: JobStatus[] = ['succeeded', 'failed'];

class InMemoryJobs implements Pick<
  JobRepository,
  'find' | 'advance' | 'recordProviderTime' | 'recordAssets' | 'finish' | 'heartbeat' | 'setNotice'
> {
  readonly rows = new Map<string, StoredJob>();
  readonly assets = new Map<string, string[]>();

  async find(id: string): Promise<StoredJob | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }
  async advance(id: string, status: 'generating' | 'processing'): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || FINAL.includes(row.status)) return false;
    Object.assign(row, { status, attempts: row.attempts + (status === 'generating' ? 1 : 0) });
    return true;
  }
  async recordProviderTime(): Promise<void> {}
  async recordAssets(id: string, assetIds: string[]): Promise<void> {
    this.assets.set(id, assetIds);
  }
  async finish(id: string, status: 'succeeded' | 'failed', error: string | null = null): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || FINAL.includes(row.status)) return false;
    Object.assign(row, { status, error, notice: null });
    return true;
  }
  async heartbeat(): Promise<void> {}
  async setNotice(id: string, notice: string | null): Promise<void> {
    const row = this.rows.get(id);
    if (row) row.notice = notice;
  }
}

class InMemoryJobImages implements Pick<JobImageRepository, 'record' | 'list'> {
  readonly rows = new Map<string, JobImage[]>();

  async record(jobId: string, image: JobImage): Promise<void> {
    const images = (this.rows.get(jobId) ?? []).filter((stored) => stored.variant !== image.variant);
    this.rows.set(jobId, [...images, image]);
  }
  async list(jobId: string): Promise<JobImage[]> {
    return [...(this.rows.get(jobId) ?? [])].sort((a, b) => a.variant.localeCompare(b.variant));
  }
}

class InMemorySpend implements Pick<SpendRepository, 'take' | 'today'> {
  images = 0;
  async take(images: number, limit: number): Promise<boolean> {
    if (limit !== 0 && this.images + images > limit) return false;
    this.images += images;
    return true;
  }
  async today(): Promise<number> {
    return this.images;
  }
}

class InMemoryStorage implements Pick<ObjectStorage, 'put' | 'delete' | 'list'> {
  readonly objects = new Map<string, Buffer>();
  async put(key: string, body: Buffer): Promise<void> {
    this.objects.set(key, body);
  }
  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.objects.delete(key);
  }
  async *list(prefix: string): AsyncIterable<StoredObject> {
    for (const [key, body] of this.objects) if (key.startsWith(prefix)) yield { key, size: body.length, lastModified: new Date() };
  }
}

/** Draws a print-ready transparent PNG per asked variant (stored as it is), or fails as told. */
class ScriptedProvider implements ImageProvider {
  readonly name = 'scripted';
  billable = false;
  readonly asked: VariantLetter[][] = [];
  /** Delivers these variants, then rejects with `error` (a provider that failed part-way). */
  failure: { error: unknown; deliver: number } | null = null;

  async generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>): Promise<void> {
    this.asked.push([...input.variants]);
    const count = this.failure ? this.failure.deliver : input.variants.length;
    for (const variant of input.variants.slice(0, count)) await deliver({ variant, png: Buffer.from(`png ${variant}`), printReady: true });
    if (this.failure) throw this.failure.error;
  }
  async describe(): Promise<string> {
    return 'a description';
  }
}

class FakeMessage {
  readonly outcomes: Array<'ack' | 'term' | `nak ${number}`> = [];
  constructor(private readonly body: unknown) {}
  json<T>(): T {
    return this.body as T;
  }
  ack(): void {
    this.outcomes.push('ack');
  }
  term(): void {
    this.outcomes.push('term');
  }
  nak(delay = 0): void {
    this.outcomes.push(`nak ${delay}`);
  }
  working(): void {}
}

const userId = '11111111-1111-4111-8111-111111111111';
const jobId = '22222222-2222-4222-8222-222222222222';
const config = {
  JOB_ACK_WAIT_MS: 60_000,
  JOB_TIMEOUT_MS: 300_000,
  OPENAI_DAILY_IMAGE_LIMIT: 8,
  PRINT_CANVAS_SCALE: 1,
  SPEND_WAIT_RETRY_MS: 60_000,
  OPENAI_IMAGE_MODEL: 'test-model',
} as GenerationConfig;

let billing: InMemoryBilling;
let jobs: InMemoryJobs;
let images: InMemoryJobImages;
let spend: InMemorySpend;
let storage: InMemoryStorage;
let provider: ScriptedProvider;
let metrics: GenerationMetrics;
let errors: Array<{ fields: Record<string, unknown>; message: string }>;
let processor: JobProcessor;
let ingested: number;

beforeEach(() => {
  billing = new InMemoryBilling().grant(userId, 10);
  ingested = 0;
  billing.answer(ASSETS.ingest, () => {
    ingested += 1;
    return { assetIds: [ASSET_ID] };
  });
  jobs = new InMemoryJobs();
  images = new InMemoryJobImages();
  spend = new InMemorySpend();
  storage = new InMemoryStorage();
  provider = new ScriptedProvider();
  const registry = new Registry();
  metrics = new GenerationMetrics(registry);
  const serviceMetrics = {
    histogram: (name: string, help: string, labelNames: readonly string[]) =>
      new Histogram({ name, help, labelNames, registers: [registry] }),
  } as unknown as ServiceMetrics;
  errors = [];
  const logger = createLogger('generation-test', 'silent');
  logger.error = ((fields: Record<string, unknown>, message: string) => void errors.push({ fields, message })) as typeof logger.error;
  processor = new JobProcessor(
    jobs as unknown as JobRepository,
    images as unknown as JobImageRepository,
    spend as unknown as SpendRepository,
    billing.rpc,
    provider,
    storage as unknown as ObjectStorage,
    config,
    metrics,
    logger,
    serviceMetrics,
  );
});

/** A job as the gateway's createJob leaves it: queued, its credit reserved under `generation:{id}`. */
async function queuedJob(overrides: Partial<StoredJob> = {}): Promise<StoredJob> {
  const { reservationId } = await billing.rpc.request(BILLING.reserve, {
    userId,
    amount: 1,
    reason: 'generation',
    ref: `generation:${jobId}`,
  });
  const job: StoredJob = {
    id: jobId,
    userId,
    prompt: 'a fox in a teacup',
    dark: false,
    transparent: true,
    priorityTier: 0,
    status: 'queued',
    error: null,
    reservationId,
    attempts: 0,
    notice: null,
    ...overrides,
  };
  jobs.rows.set(job.id, job);
  return job;
}

async function deliver(): Promise<FakeMessage> {
  const message = new FakeMessage({ jobId });
  await processor.handle(message as unknown as JsMsg);
  return message;
}

const settles = () => billing.calls.filter((call) => call.subject === BILLING.commit || call.subject === BILLING.release);

describe('JobProcessor', () => {
  it('draws every variant, ingests once, commits the credit once, and leaves no staging files', async () => {
    const job = await queuedJob();
    const message = await deliver();
    expect(message.outcomes).toEqual(['ack']);
    expect(provider.asked).toEqual([[...VARIANT_LETTERS]]);
    expect(ingested).toBe(1);
    expect(billing.requests(ASSETS.ingest)[0]).toMatchObject({ userId, jobId, images: VARIANT_LETTERS.map((variant) => ({ variant })) });
    // The job's brief beyond the prompt, for the other garment's file: only the local engine can draw it again.
    expect(billing.requests(ASSETS.ingest)[0]).toMatchObject({ dark: false, drawnBy: 'image-model' });
    expect(settles()).toEqual([{ subject: BILLING.commit, payload: { reservationId: job.reservationId } }]);
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'succeeded', error: null });
    // A batch row shows the designs by the ids assets answered.
    expect(jobs.assets.get(jobId)).toEqual([ASSET_ID]);
    expect(billing.balance(userId)).toBe(9);
    expect(storage.objects.size).toBe(0);
  });

  it("tells assets the collection row a batch's job was made for", async () => {
    const batchId = '00000000-0000-4000-8000-0000000ba7c4';
    await queuedJob({ batch: { id: batchId, position: 7 } });
    await deliver();
    expect(billing.requests(ASSETS.ingest)[0]).toMatchObject({ batch: { id: batchId, position: 7 } });
  });

  it('ingests a job of its own with no collection', async () => {
    await queuedJob({ batch: null });
    await deliver();
    expect(billing.requests(ASSETS.ingest)).toHaveLength(1);
    expect(billing.requests(ASSETS.ingest)[0]).not.toHaveProperty('batch');
  });

  it('does nothing but ack a redelivery after the commit: no image, no ingest, no second charge', async () => {
    await queuedJob();
    await deliver();
    const callsBefore = billing.calls.length;
    const again = await deliver();
    expect(again.outcomes).toEqual(['ack']);
    expect(provider.asked).toHaveLength(1);
    expect(billing.calls).toHaveLength(callsBefore);
    expect(billing.balance(userId)).toBe(9);
  });

  it('draws only the variants a dead worker left missing, and charges once', async () => {
    await queuedJob({ status: 'generating', attempts: 1 });
    await images.record(jobId, { variant: 'A', key: `jobs/${jobId}/A.png`, opaqueBackground: false });
    await images.record(jobId, { variant: 'C', key: `jobs/${jobId}/C.png`, opaqueBackground: false });
    await deliver();
    expect(provider.asked).toEqual([['B', 'D']]);
    expect(billing.requests(ASSETS.ingest)[0].images).toHaveLength(4);
    expect(billing.requests(BILLING.commit)).toHaveLength(1);
    expect(jobs.rows.get(jobId)?.status).toBe('succeeded');
  });

  it('commits once when redelivered after the ingest but before the commit (the ingest is repeated, the charge is not doubled)', async () => {
    await queuedJob({ status: 'processing', attempts: 1 });
    for (const variant of VARIANT_LETTERS)
      await images.record(jobId, { variant, key: `jobs/${jobId}/${variant}.png`, opaqueBackground: false });
    billing.failNext(BILLING.commit, new AppError('TIMEOUT', 'The billing service did not answer in time. Please try again.'));
    const first = await deliver();
    expect(first.outcomes).toEqual(['nak 1000']); // transient: retried, neither failed nor refunded
    expect(jobs.rows.get(jobId)?.status).toBe('processing');
    await deliver();
    expect(provider.asked).toEqual([]);
    expect(ingested).toBe(2);
    expect(billing.requests(BILLING.release)).toEqual([]);
    expect(jobs.rows.get(jobId)?.status).toBe('succeeded');
    expect(billing.balance(userId)).toBe(9);
  });

  it('retries a job whose ingest met a NATS failover even after its paid attempts are spent, and charges it once', async () => {
    await queuedJob({ status: 'processing', attempts: 4 });
    for (const variant of VARIANT_LETTERS)
      await images.record(jobId, { variant, key: `jobs/${jobId}/${variant}.png`, opaqueBackground: false });
    // What assets answers when its node died under the handler (RpcErrorFilter), then the client's own.
    billing.failNext(ASSETS.ingest, new AppError('UNAVAILABLE', FAILOVER_MESSAGE));
    expect((await deliver()).outcomes).toEqual(['nak 1000']);
    billing.failNext(ASSETS.ingest, new AppError('UNAVAILABLE', 'Could not reach the assets service.'));
    expect((await deliver()).outcomes).toEqual(['nak 1000']);
    expect(jobs.rows.get(jobId)?.status).toBe('processing');
    expect(billing.requests(BILLING.release)).toEqual([]);
    await deliver();
    expect(provider.asked).toEqual([]);
    expect(jobs.rows.get(jobId)?.status).toBe('succeeded');
    expect(billing.requests(BILLING.commit)).toHaveLength(1);
    expect(billing.balance(userId)).toBe(9);
  });

  it('fails a job the provider refused with the provider’s words and refunds it, keeping nothing staged', async () => {
    const job = await queuedJob();
    const policy = new ProviderError(
      "Your prompt was rejected by the image provider's safety system. Please rephrase it.",
      false,
      'policy',
    );
    provider.failure = { error: policy, deliver: 2 };
    const message = await deliver();
    expect(message.outcomes).toEqual(['ack']);
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'failed', error: policy.message });
    expect(settles()).toEqual([{ subject: BILLING.release, payload: { reservationId: job.reservationId } }]);
    expect(billing.balance(userId)).toBe(10);
    expect(ingested).toBe(0);
    expect(storage.objects.size).toBe(0);
  });

  it('words an out-of-quota failure with the contracts’ refund message and counts it for the operator', async () => {
    await queuedJob();
    provider.failure = { error: ProviderError.of('quota', false), deliver: 0 };
    await deliver();
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'failed', error: REFUND_MESSAGES.imageServiceUnavailable });
    expect(billing.balance(userId)).toBe(10);
    expect((await metrics.providerFailures.get()).values).toEqual([expect.objectContaining({ labels: { kind: 'quota' }, value: 1 })]);
  });

  it('fails a job that broke for a reason of ours with the contracts’ generic refund message', async () => {
    await queuedJob();
    billing.answer(ASSETS.ingest, () => {
      throw new AppError('INTERNAL', 'Internal error');
    });
    await deliver();
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'failed', error: REFUND_MESSAGES.generationFailed });
    expect(billing.requests(BILLING.commit)).toEqual([]);
    expect(billing.balance(userId)).toBe(10);
  });

  it('retries a transient failure without a refund, then fails and refunds it after the last attempt', async () => {
    await queuedJob();
    provider.failure = { error: new ProviderError('The image provider is busy right now.', true, 'busy', 5000), deliver: 1 };
    const first = await deliver();
    expect(first.outcomes).toEqual(['nak 5000']); // the server's retry-after
    expect(jobs.rows.get(jobId)?.status).toBe('generating');
    expect(settles()).toEqual([]);
    for (let attempt = 2; attempt <= 4; attempt += 1) await deliver();
    expect(provider.asked).toEqual([['A', 'B', 'C', 'D'], ['B', 'C', 'D'], ['C', 'D'], ['D']]);
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'failed', error: 'The image provider is busy right now.' });
    expect(billing.requests(BILLING.release)).toHaveLength(1);
    expect(billing.balance(userId)).toBe(10);
  });

  it('still fails the job and acks when the refund cannot reach billing: the release is logged for the sweeper', async () => {
    const job = await queuedJob();
    provider.failure = { error: new ProviderError('refused', false, 'refused'), deliver: 0 };
    billing.failNext(BILLING.release, new AppError('UNAVAILABLE', 'The billing service is unavailable. Please try again shortly.'));
    const message = await deliver();
    expect(message.outcomes).toEqual(['ack']);
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'failed', error: 'refused' });
    expect(errors).toContainEqual({
      fields: expect.objectContaining({ jobId, reservationId: job.reservationId }),
      message: RELEASE_FAILED_LOG,
    });
  });

  it('refunds a job failed twice (the sweeper and its worker) only once', async () => {
    const job = await queuedJob();
    await processor.fail(job, REFUND_MESSAGES.generationTimedOut);
    await processor.fail(job, REFUND_MESSAGES.generationFailed);
    expect(billing.requests(BILLING.release)).toHaveLength(1);
    expect(jobs.rows.get(jobId)?.error).toBe(REFUND_MESSAGES.generationTimedOut);
  });

  it('leaves a job the sweeper failed and refunded during the ingest failed, and charges nothing', async () => {
    const job = await queuedJob();
    billing.answer(ASSETS.ingest, async () => {
      await processor.fail(job, REFUND_MESSAGES.generationTimedOut);
      return { assets: [] };
    });
    const message = await deliver();
    expect(message.outcomes).toEqual(['ack']);
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'failed', error: REFUND_MESSAGES.generationTimedOut });
    expect(billing.requests(BILLING.reserve)).toHaveLength(1); // no recharge
    expect(billing.balance(userId)).toBe(10);
    expect(storage.objects.size).toBe(0);
  });

  it('charges again once when billing released the credit while the job waited, and a redelivery charges nothing more', async () => {
    const job = await queuedJob();
    await billing.rpc.request(BILLING.release, { reservationId: job.reservationId! }); // billing's reservation sweeper
    await deliver();
    expect(jobs.rows.get(jobId)?.status).toBe('succeeded');
    expect(billing.requests(BILLING.reserve).at(-1)).toEqual({
      userId,
      amount: 1,
      reason: 'generation',
      ref: `generation:${jobId}:recharged`,
    });
    expect(billing.balance(userId)).toBe(9);
    jobs.rows.get(jobId)!.status = 'processing'; // as if the worker died before acking
    await deliver();
    expect(billing.balance(userId)).toBe(9);
  });

  it('delivers free a job whose credit was released while it waited when the seller has none left (the wait was ours)', async () => {
    const job = await queuedJob();
    await billing.rpc.request(BILLING.release, { reservationId: job.reservationId! });
    await billing.rpc.request(BILLING.reserve, { userId, amount: 10, reason: 'upscale', ref: 'spent-meanwhile' });
    await deliver();
    expect(jobs.rows.get(jobId)?.status).toBe('succeeded');
    expect(billing.balance(userId)).toBe(0);
  });

  it('waits without touching the credit when the daily image ceiling is reached', async () => {
    provider.billable = true;
    spend.images = config.OPENAI_DAILY_IMAGE_LIMIT - 2;
    await queuedJob();
    const message = await deliver();
    expect(message.outcomes).toHaveLength(1);
    expect(message.outcomes[0]).toMatch(/^nak \d+$/);
    expect(jobs.rows.get(jobId)).toMatchObject({ status: 'queued', notice: SPEND_WAIT_NOTICE });
    expect(provider.asked).toEqual([]);
    expect(settles()).toEqual([]);
  });

  it('terminates a message that is not a job dispatch, and acks one for a job that no longer exists', async () => {
    const bad = new FakeMessage({ nope: true });
    await processor.handle(bad as unknown as JsMsg);
    expect(bad.outcomes).toEqual(['term']);
    expect((await deliver()).outcomes).toEqual(['ack']);
    expect(billing.calls).toEqual([]);
  });
});
