import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { AppError, ASSETS, BILLING, EVENTS, GENERATION, type VariantLetter } from '@printloom/contracts';
import { RpcClient, connectNats, publishEvent, type NatsConnection, type RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  startNatsServer,
  testServiceEnv,
  type TestDatabase,
  type TestNats,
  waitFor,
} from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../../billing/src/config.js';
import { startBillingService } from '../../billing/src/start.js';
import { loadAssetsConfig } from '../../assets/src/config.js';
import { startAssetsService } from '../../assets/src/start.js';
import { loadGenerationConfig } from '../src/config.js';
import { startGenerationService } from '../src/start.js';
import { OpenAiProvider, POLICY_MESSAGE } from '../src/providers/openai-provider.js';
import { UNAVAILABLE_MESSAGE } from '../src/providers/openai/openai-client.js';
import { SPEND_WAIT_NOTICE } from '../src/jobs/job-processor.js';
import { OpenAiStandIn, errorBody, imageBody, type StandInReply } from './support/openai-stand-in.js';

/**
 * Whole jobs with the OpenAI provider against the stand-in: real PostgreSQL, NATS JetStream, storage,
 * billing and assets. Every image request is counted, so a retry that pays twice is caught.
 */
// Whole jobs at print size (4500×5400) on a shared 2-core machine: allow minutes, not seconds.
jest.setTimeout(180_000);

/** A busy machine may answer one poll late (a NATS timeout): that is "not yet", not a failure. */
const busyMachine = { retryOn: (error: unknown) => error instanceof AppError && error.code === 'TIMEOUT' };

describe('generation jobs with the OpenAI provider (stand-in API, real PostgreSQL and NATS)', () => {
  const standIn = new OpenAiStandIn();
  let nats: TestNats;
  let database: TestDatabase;
  let storageDir: string;
  let env: Record<string, string>;
  let nc: NatsConnection;
  let rpc: RpcClient;
  const running: RunningService[] = [];
  const billing = () => running[0];
  const pictures: Record<string, Buffer> = {};

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-openai-jobs-'));
    env = {
      ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)])),
      STORAGE_DRIVER: 'fs',
      STORAGE_DIR: storageDir,
    };
    await standIn.start();
    running.push(await startBillingService(loadBillingConfig(env)), await startAssetsService(loadAssetsConfig(env)));
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 30_000);
    // A 4:5 and a 2:3 design on transparent pictures, an opaque white one and an opaque busy one.
    const design = (width: number, height: number, inner: { width: number; height: number }) =>
      sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: { create: { ...inner, channels: 4, background: '#1a6bd0' } }, gravity: 'centre' }])
        .png()
        .toBuffer();
    pictures.fourFive = await design(256, 320, { width: 180, height: 220 });
    pictures.twoThree = await design(240, 360, { width: 150, height: 300 });
    pictures.square = await design(288, 288, { width: 200, height: 200 });
    pictures.opaqueBusy = await sharp(Buffer.from(Array.from({ length: 200 * 250 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 200, height: 250, channels: 3 },
    })
      .png()
      .toBuffer();
  });

  afterAll(async () => {
    for (const service of running.reverse()) await service.close();
    await nc?.drain();
    await standIn.stop();
    await nats?.stop();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  // A test that fails midway must not leave its worker taking the next test's jobs.
  afterEach(async () => {
    for (const worker of running.slice(2).reverse()) await stopWorker(worker);
  });

  /** Only the fitting test makes print-size files; the others fit into a tenth of the canvas (same code, less CPU). */
  async function startWorker(overrides: Record<string, string> = {}) {
    const config = loadGenerationConfig({
      ...env,
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: standIn.baseUrl,
      JOB_ACK_WAIT_MS: '1500',
      JOB_IDLE_RECHECK_MS: '250',
      GENERATION_CONCURRENCY: '1',
      PRINT_CANVAS_SCALE: '0.1',
      ...overrides,
    });
    const provider = new OpenAiProvider({
      apiKey: 'sk-test',
      baseUrl: standIn.baseUrl,
      imageModel: config.OPENAI_IMAGE_MODEL,
      visionModel: config.OPENAI_VISION_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      retryBaseMs: 10,
    });
    const worker = await startGenerationService(config, { provider });
    running.push(worker);
    return worker;
  }
  async function stopWorker(worker: RunningService) {
    await worker.close();
    running.splice(running.indexOf(worker), 1);
  }

  async function userWithTrial(): Promise<string> {
    const userId = randomUUID();
    await publishEvent(
      nc,
      EVENTS.userVerified,
      { userId, email: `${userId}@example.com`, at: new Date().toISOString() },
      `user-verified:${userId}`,
    );
    await waitFor(async () => (await credits(userId)) === 10, busyMachine);
    return userId;
  }
  const credits = async (userId: string) => (await rpc.request(BILLING.accountSummary, { userId })).credits;
  const submit = async (userId: string, prompt = "'Space Meow' cat astronaut") =>
    (await rpc.request(GENERATION.createJob, { userId, prompt, options: { transparent: true, dark: false } })).jobId;
  const jobOf = async (userId: string, jobId: string) => (await rpc.request(GENERATION.getJob, { userId, jobId })).job;
  async function waitForJob(
    userId: string,
    jobId: string,
    done = (status: string) => status === 'succeeded' || status === 'failed',
    timeoutMs = 80_000,
  ) {
    await waitFor(async () => done((await jobOf(userId, jobId)).status), { ...busyMachine, timeoutMs });
    return jobOf(userId, jobId);
  }
  const assetsOf = async (userId: string) => (await rpc.request(ASSETS.list, { userId, starred: false })).assets;
  const picture = (png: Buffer): StandInReply => ({ status: 200, body: imageBody(png) });
  const callsByVariant = (jobPrompt: string) => {
    const counts: Partial<Record<VariantLetter, number>> = {};
    for (const call of standIn.imageCalls())
      if (String(call.body.prompt).includes(jobPrompt) && call.variant) counts[call.variant] = (counts[call.variant] ?? 0) + 1;
    return counts;
  };

  it('stores print files fitted from 4:5 and 2:3 pictures: 4500×5400 and 3000×3000, 300 DPI; a busy opaque background is kept and flagged', async () => {
    const worker = await startWorker({ PRINT_CANVAS_SCALE: '1' });
    standIn.onImage = (variant) =>
      picture(
        variant === 'A' ? pictures.fourFive : variant === 'B' ? pictures.twoThree : variant === 'C' ? pictures.square : pictures.opaqueBusy,
      );
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'Fit Check' robot");
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'succeeded', error: null });
    const assets = await assetsOf(userId);
    const byVariant = Object.fromEntries(assets.map((asset) => [asset.variant, asset]));
    expect([byVariant.A.width, byVariant.A.height, byVariant.B.width, byVariant.B.height, byVariant.C.width, byVariant.C.height]).toEqual([
      4500, 5400, 4500, 5400, 3000, 3000,
    ]);
    expect([byVariant.A.backgroundKept, byVariant.B.backgroundKept, byVariant.C.backgroundKept, byVariant.D.backgroundKept]).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(await credits(userId)).toBe(9);
    await stopWorker(worker);
  });

  it('retries one failing variant after a 500 without asking again for the others', async () => {
    const worker = await startWorker();
    let failuresLeft = 4; // more than one delivery's three attempts: the job is redelivered
    standIn.onImage = (variant) => {
      if (variant === 'C' && failuresLeft > 0) {
        failuresLeft -= 1;
        return {
          status: 500,
          body: errorBody('The server had an error while processing your request.', 'server_error', null),
          headers: { 'retry-after': '0' },
        };
      }
      return picture(variant === 'C' ? pictures.square : pictures.fourFive);
    };
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'Retry Me' cactus");
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'succeeded' });
    expect(callsByVariant("'Retry Me' cactus")).toEqual({ A: 1, B: 1, C: 5, D: 1 });
    expect((await assetsOf(userId)).map((asset) => asset.variant).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(await credits(userId)).toBe(9);
    await stopWorker(worker);
  });

  it('after a worker dies mid-job, the next one draws only the variants still missing', async () => {
    // Its held request never ends: closing it must not wait the default grace (the image model's timeout).
    const doomed = await startWorker({ JOB_STOP_GRACE_MS: '1000' });
    standIn.onImage = (variant) => (variant === 'B' ? { status: 200, body: {}, hold: true } : picture(pictures.fourFive));
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'Night Shift' nurse badge");
    await waitFor(
      async () =>
        callsByVariant("'Night Shift' nurse badge").B === 1 &&
        (await doomed.infra.dataSource.query(`SELECT count(*)::int AS n FROM generation.job_images WHERE job_id = $1`, [jobId]))[0].n === 3,
      busyMachine,
    );
    // The instance dies: its connections are gone and its message is never acknowledged.
    await doomed.infra.nc.close();
    await doomed.app.close();
    await doomed.infra.dataSource.destroy();
    running.splice(running.indexOf(doomed), 1);
    await doomed.close(); // stops its worker loop, which would otherwise keep polling a closed connection

    standIn.onImage = (variant) => picture(variant === 'C' ? pictures.square : pictures.fourFive);
    const rescuer = await startWorker();
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'succeeded' });
    expect(callsByVariant("'Night Shift' nurse badge")).toEqual({ A: 1, B: 2, C: 1, D: 1 });
    expect(await assetsOf(userId)).toHaveLength(4);
    expect(await credits(userId)).toBe(9);
    await stopWorker(rescuer);
  });

  it('fails an out-of-quota job at once with a clear message, refunds it, and counts it for the operator', async () => {
    const worker = await startWorker();
    standIn.onImage = () => ({
      status: 429,
      body: errorBody(
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
    });
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'No Quota' penguin");
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'failed', error: UNAVAILABLE_MESSAGE });
    expect(callsByVariant("'No Quota' penguin")).toEqual({ A: 1, B: 1, C: 1, D: 1 });
    await waitFor(async () => (await credits(userId)) === 10, busyMachine); // the refund follows the failed status
    expect(await worker.infra.metrics.registry.metrics()).toContain(
      'printloom_image_provider_failures_total{kind="quota",service="generation"} 1',
    );
    await stopWorker(worker);
  });

  it('fails a moderation_blocked job with the policy message and refunds it, without retrying', async () => {
    const worker = await startWorker();
    standIn.onImage = (variant) =>
      variant === 'A'
        ? {
            status: 400,
            body: errorBody('Your request was rejected by the safety system.', 'image_generation_user_error', 'moderation_blocked'),
          }
        : picture(pictures.fourFive);
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'Blocked' thing");
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'failed', error: POLICY_MESSAGE });
    expect(callsByVariant("'Blocked' thing").A).toBe(1);
    await waitFor(async () => (await credits(userId)) === 10, busyMachine);
    await stopWorker(worker);
  });

  it('counts the job timeout from the last heartbeat: a slow model does not get a working job refunded', async () => {
    const worker = await startWorker({ JOB_TIMEOUT_MS: '1500', JOB_SWEEP_INTERVAL_MS: '200' });
    standIn.onImage = (variant) => ({ ...picture(variant === 'C' ? pictures.square : pictures.fourFive), delayMs: 3500 });
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'Slow Model' snail");
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'succeeded' });
    expect(await credits(userId)).toBe(9);
    await stopWorker(worker);
  });

  it('past the daily image ceiling a new job waits with a clear notice, then runs when the allowance allows', async () => {
    const worker = await startWorker({ OPENAI_DAILY_IMAGE_LIMIT: '1', SPEND_WAIT_RETRY_MS: '300' });
    standIn.onImage = (variant) => picture(variant === 'C' ? pictures.square : pictures.fourFive);
    const userId = await userWithTrial();
    const jobId = await submit(userId, "'Budget' owl");
    await waitFor(async () => (await jobOf(userId, jobId)).notice === SPEND_WAIT_NOTICE, busyMachine);
    expect(await jobOf(userId, jobId)).toMatchObject({ status: 'queued', error: null, notice: SPEND_WAIT_NOTICE });
    expect(callsByVariant("'Budget' owl")).toEqual({});
    expect(await worker.infra.metrics.registry.metrics()).toMatch(/printloom_image_spend_cap_reached_total\{service="generation"\} [1-9]/);
    await stopWorker(worker);
    // A long wait outlives billing's reservation timeout: its sweeper gives the held credit back.
    const [{ id: reservationId }] = await billing().infra.dataSource.query(`SELECT id FROM billing.reservations WHERE ref = $1`, [
      `generation:${jobId}`,
    ]);
    await rpc.request(BILLING.release, { reservationId });
    expect(await credits(userId)).toBe(10);

    // The operator raises the ceiling: the waiting job runs, its notice clears, and it is charged once.
    const raised = await startWorker({ OPENAI_DAILY_IMAGE_LIMIT: '0' });
    expect(await waitForJob(userId, jobId)).toMatchObject({ status: 'succeeded', notice: null });
    expect(await credits(userId)).toBe(9);
    await stopWorker(raised);
  });
});
