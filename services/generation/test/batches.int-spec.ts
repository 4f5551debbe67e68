import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AppError, ASSETS, BATCH_MESSAGES, BILLING, EVENTS, GENERATION, PRIORITY_TIERS, type Batch } from '@printloom/contracts';
import { RpcClient, connectNats, publishEvent, type NatsConnection, type RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  startNatsServer,
  testServiceEnv,
  waitFor,
  type TestDatabase,
  type TestNats,
} from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../../billing/src/config.js';
import { startBillingService } from '../../billing/src/start.js';
import { CreditsService } from '../../billing/src/credits.service.js';
import { SubscriptionsService } from '../../billing/src/subscriptions.service.js';
import { PaymentReversalsService } from '../../billing/src/payment-reversals.service.js';
import { loadAssetsConfig } from '../../assets/src/config.js';
import { startAssetsService } from '../../assets/src/start.js';
import { loadGenerationConfig } from '../src/config.js';
import { startGenerationService } from '../src/start.js';
import { TimedProvider } from './support/timed-provider.js';
import { BatchRepository } from '../src/repositories/batch.repository.js';

jest.setTimeout(180_000);

/** A busy machine may answer one poll late (a NATS timeout): that is "not yet", not a failure. */
const busyMachine = { retryOn: (error: unknown) => error instanceof AppError && error.code === 'TIMEOUT', timeoutMs: 120_000 };

/**
 * Batches against real PostgreSQL, NATS JetStream, billing and assets: credits reserved up front and
 * given back row by row, restarts, cancel, and fairness towards another seller's single job.
 */
describe('batches (real PostgreSQL, NATS, billing and assets)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let storageDir: string;
  let env: Record<string, string>;
  let nc: NatsConnection;
  let rpc: RpcClient;
  const services: RunningService[] = [];
  const workers: RunningService[] = [];
  const billing = () => services[0];

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-batches-'));
    env = {
      ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)])),
      STORAGE_DRIVER: 'fs',
      STORAGE_DIR: storageDir,
    };
    services.push(await startBillingService(loadBillingConfig(env)), await startAssetsService(loadAssetsConfig(env)));
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 30_000);
  });

  afterAll(async () => {
    for (const service of services.reverse()) await service.close();
    await nc?.drain();
    await nats?.stop();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  // A test that fails midway must not leave its worker taking the next test's jobs.
  afterEach(async () => {
    for (const worker of workers.splice(0).reverse()) await worker.close();
  });

  async function startWorker(provider: TimedProvider, overrides: Record<string, string> = {}) {
    const config = loadGenerationConfig({
      ...env,
      JOB_ACK_WAIT_MS: '2000',
      GENERATION_CONCURRENCY: '2',
      PRINT_CANVAS_SCALE: '0.05',
      BATCH_FEED_INTERVAL_MS: '200',
      BATCH_FEED_PER_USER: '2',
      ...overrides,
    });
    const worker = await startGenerationService(config, { provider });
    workers.push(worker);
    return worker;
  }

  async function userWith(credits: number): Promise<string> {
    const userId = randomUUID();
    await billing().app.get(CreditsService).grantTopup(userId, `test-topup:${userId}`, credits);
    return userId;
  }
  const balance = async (userId: string) => (await rpc.request(BILLING.accountSummary, { userId })).credits;
  const start = (userId: string, values: string[], template = 'a proud {value} with coffee') =>
    rpc.request(GENERATION.createBatch, { source: 'template', userId, template, values, options: { transparent: true, dark: false } });
  const read = async (userId: string, batchId: string) => (await rpc.request(GENERATION.getBatch, { userId, batchId })).batch;
  const values = (count: number, prefix = 'Nurse') => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);
  async function waitForBatch(userId: string, batchId: string, done: (batch: Batch) => boolean): Promise<Batch> {
    await waitFor(async () => done(await read(userId, batchId)), { ...busyMachine, what: 'the batch' });
    return read(userId, batchId);
  }
  const reservationsOf = (userId: string): Promise<Array<{ reason: string; amount: number; status: string }>> =>
    billing().infra.dataSource.query(
      `SELECT reason, amount, status FROM billing.reservations WHERE user_id = $1 ORDER BY created_at, ref`,
      [userId],
    );

  it('reserves a batch up front or refuses it with the number needed; of two racing batches only what the balance covers starts', async () => {
    // An instance that answers requests but does not feed yet: the rows are seen waiting.
    const answering = await startWorker(new TimedProvider(50), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const userId = await userWith(10);
    await expect(start(userId, values(11))).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: BATCH_MESSAGES.insufficientCredits,
      details: { needed: 11 },
    });
    expect(await balance(userId)).toBe(10);

    const outcomes = await Promise.allSettled([start(userId, values(6, 'Teacher')), start(userId, values(6, 'Pilot'))]);
    const started = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect([started.length, refused.length]).toEqual([1, 1]);
    expect(refused[0].reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { needed: 6 } });
    expect(await balance(userId)).toBe(4);
    // The rows wait: no job exists and nothing is charged beyond the one reservation.
    const { batch } = (started[0] as PromiseFulfilledResult<{ batch: Batch }>).value;
    expect(batch.rows.map((row) => [row.status, row.jobId])).toEqual(Array.from({ length: 6 }, () => ['waiting', null]));
    expect(await reservationsOf(userId)).toEqual([{ reason: 'batch', amount: 6, status: 'held' }]);

    // A failed row is refunded like any job; the others are charged once each.
    await start(userId, ['FAIL-ME'], '{value} shirt').catch(() => undefined);
    await answering.close();
    workers.splice(workers.indexOf(answering), 1);
    await startWorker(new TimedProvider(50));
    const done = await waitForBatch(userId, batch.id, (current) => current.status === 'finished');
    expect(done.counts).toMatchObject({ total: 6, succeeded: 6, failed: 0, waiting: 0 });
    expect(done.rows.every((row) => row.jobId && row.assetIds.length === 4)).toBe(true);
    const other = (await rpc.request(GENERATION.listBatches, { userId })).batches.find((listed) => listed.id !== batch.id)!;
    const failed = await waitForBatch(userId, other.id, (current) => current.status === 'finished');
    expect(failed.rows[0]).toMatchObject({ status: 'failed', error: 'The image provider refused this prompt.' });
    // 10 − 6 charged; the failed row's credit came back.
    await waitFor(async () => (await balance(userId)) === 4, busyMachine);
    // A batch is marked finished first and its reservation released after, in the same sweep: wait for the release.
    const batchReservations = async () => (await reservationsOf(userId)).filter((row) => row.reason === 'batch');
    await waitFor(async () => (await batchReservations()).every((row) => row.status !== 'held'), {
      ...busyMachine,
      what: "the batches' reservations settled",
    });
    const reservations = await reservationsOf(userId);
    expect(reservations.filter((row) => row.reason === 'batch').map((row) => [row.amount, row.status])).toEqual([
      [0, 'released'],
      [0, 'released'],
    ]);
    expect(
      reservations
        .filter((row) => row.reason === 'generation')
        .map((row) => row.status)
        .sort(),
    ).toEqual([...Array.from({ length: 6 }, () => 'committed'), 'released']);
  });

  it("gives assets each design's collection at ingest, and each row's designs by position to its owner only", async () => {
    const userId = await userWith(5);
    await startWorker(new TimedProvider(50));
    const { batch } = await start(userId, values(2, 'Gardener'));
    const done = await waitForBatch(userId, batch.id, (current) => current.status === 'finished');
    const [rowOne, rowTwo] = done.rows;
    const { designs } = await rpc.request(GENERATION.batchMembership, { userId, batchId: batch.id });
    expect(designs).toEqual([
      ...rowOne!.assetIds.map((assetId) => ({ assetId, position: 1 })),
      ...rowTwo!.assetIds.map((assetId) => ({ assetId, position: 2 })),
    ]);
    // Assets recorded each design's row when it was ingested.
    const recorded: Array<{ asset_id: string; batch_id: string; position: number }> = await services[1]!.infra.dataSource.query(
      `SELECT asset_id, m.batch_id, m.position FROM assets.collection_designs m JOIN assets.assets a ON a.id = m.asset_id
       WHERE a.user_id = $1 ORDER BY m.position, a.variant`,
      [userId],
    );
    expect(recorded).toEqual(designs.map((design) => ({ asset_id: design.assetId, batch_id: batch.id, position: design.position })));
    const selected = await rpc.request(ASSETS.resolveSelection, { userId, batchId: batch.id });
    expect(selected.designs.map((design) => design.assetId)).toEqual(designs.map((design) => design.assetId));
    await expect(rpc.request(GENERATION.batchMembership, { userId: randomUUID(), batchId: batch.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: BATCH_MESSAGES.notFound,
    });
  });

  it('cancels the waiting rows and refunds them; rows already running finish and are charged', async () => {
    const userId = await userWith(20);
    const provider = new TimedProvider(600);
    await startWorker(provider);
    const { batch } = await start(userId, values(12));
    await waitForBatch(userId, batch.id, (current) => current.rows.some((row) => row.status === 'generating'));
    const cancelled = (await rpc.request(GENERATION.cancelBatch, { userId, batchId: batch.id })).batch;
    expect(cancelled.status).toBe('cancelled');
    const fed = cancelled.rows.filter((row) => row.jobId !== null).length;
    expect(fed).toBeGreaterThan(0);
    expect(fed).toBeLessThan(12);
    expect(cancelled.rows.filter((row) => row.status === 'cancelled')).toHaveLength(12 - fed);
    expect(cancelled.rows.find((row) => row.status === 'cancelled')?.error).toBe(BATCH_MESSAGES.rowCancelled);
    // The running rows finish; only they are paid for, and cancelling again changes nothing.
    const done = await waitForBatch(userId, batch.id, (current) => current.counts.working === 0);
    expect(done.counts).toMatchObject({ succeeded: fed, cancelled: 12 - fed, waiting: 0 });
    await rpc.request(GENERATION.cancelBatch, { userId, batchId: batch.id });
    await waitFor(async () => (await balance(userId)) === 20 - fed, busyMachine);
    expect((await reservationsOf(userId)).find((row) => row.reason === 'batch')).toEqual({
      reason: 'batch',
      amount: 12 - fed,
      status: 'released',
    });
    // Another user's batch is not found, whoever asks.
    await expect(rpc.request(GENERATION.cancelBatch, { userId: randomUUID(), batchId: batch.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("feeds a batch row at the tier of its seller's plan when it is fed, not when the batch was made", async () => {
    const userId = await userWith(10);
    const answering = await startWorker(new TimedProvider(50), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const { batch } = await start(userId, values(2, 'Tier'));
    expect((await rpc.request(BILLING.entitlements, { userId })).priorityTier).toBe(PRIORITY_TIERS.standard);
    // The seller buys Studio while the rows wait.
    const periodStart = new Date();
    await billing()
      .app.get(SubscriptionsService)
      .startPeriod({ userId, planId: 'studio', periodStart, periodEnd: new Date(periodStart.getTime() + 30 * 86_400_000) });
    await answering.close();
    workers.splice(workers.indexOf(answering), 1);
    const feeding = await startWorker(new TimedProvider(50));
    await waitForBatch(userId, batch.id, (current) => current.status === 'finished');
    const tiers = await feeding.infra.dataSource.query(
      `SELECT DISTINCT j.priority_tier FROM generation.jobs j JOIN generation.batch_rows r ON r.id = j.batch_row_id WHERE r.batch_id = $1`,
      [batch.id],
    );
    expect(tiers).toEqual([{ priority_tier: PRIORITY_TIERS.highest }]);
  });

  it('stops a batch whose credits a refund took back: its waiting rows are cancelled and nothing returns to the refunded lot', async () => {
    const userId = await userWith(10);
    const answering = await startWorker(new TimedProvider(50), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const { batch } = await start(userId, values(4, 'Refunded'));
    expect(await balance(userId)).toBe(6);
    // The top-up that paid for it is refunded in full: the 6 left and the 4 the batch holds go.
    await billing()
      .app.get(PaymentReversalsService)
      .revokePurchase(userId, [`test-topup:${userId}`], 1, 'refund', `refund:${userId}`);
    expect(await balance(userId)).toBe(0);
    await answering.close();
    workers.splice(workers.indexOf(answering), 1);
    await startWorker(new TimedProvider(50));
    const stopped = await waitForBatch(userId, batch.id, (current) => current.status !== 'running');
    expect(stopped).toMatchObject({ status: 'cancelled', stopReason: 'payment_reversed', counts: { cancelled: 4, waiting: 0 } });
    await waitFor(async () => (await reservationsOf(userId)).every((row) => row.status === 'released'), busyMachine);
    expect(await reservationsOf(userId)).toEqual([{ reason: 'batch', amount: 0, status: 'released' }]);
    expect(await balance(userId)).toBe(0);
    // A new batch is refused while the account is on hold.
    await billing().app.get(CreditsService).grantTopup(userId, `test-topup-2:${userId}`, 5);
    await expect(start(userId, values(1))).rejects.toMatchObject({ code: 'FORBIDDEN', details: { reason: 'ACCOUNT_ON_HOLD' } });
  });

  it('survives a restart of generation mid-batch: every row runs once and is charged once', async () => {
    const userId = await userWith(8);
    const first = new TimedProvider(400);
    const worker = await startWorker(first);
    const { batch } = await start(userId, values(8, 'Pilot'));
    await waitForBatch(userId, batch.id, (current) => current.counts.succeeded >= 2);
    await worker.close();
    workers.splice(workers.indexOf(worker), 1);
    const second = new TimedProvider(50);
    await startWorker(second);
    const done = await waitForBatch(userId, batch.id, (current) => current.status === 'finished');
    expect(done.counts).toMatchObject({ total: 8, succeeded: 8, failed: 0 });
    expect(new Set(done.rows.map((row) => row.jobId)).size).toBe(8);
    // A job cut off by the restart is drawn again for its missing variants only; none is drawn twice in full.
    const drawn = [...first.starts.keys(), ...second.starts.keys()];
    expect(new Set(drawn).size).toBe(8);
    expect(done.rows.every((row) => row.assetIds.length === 4)).toBe(true);
    expect(await balance(userId)).toBe(0);
    const reservations = await reservationsOf(userId);
    expect(reservations.filter((row) => row.reason === 'generation' && row.status === 'committed')).toHaveLength(8);
    expect(reservations.filter((row) => row.reason === 'generation')).toHaveLength(8);
  });

  it("starts another seller's single job within one job slot while a batch of 50 runs, and reports the waiting rows", async () => {
    const batchSeller = await userWith(50);
    const otherSeller = await userWith(1);
    const provider = new TimedProvider(400);
    const worker = await startWorker(provider);
    const { batch } = await start(batchSeller, values(50, 'Dog breed'));
    await waitForBatch(batchSeller, batch.id, (current) => current.counts.succeeded >= 4);
    const gauge = await worker.infra.metrics.registry.getSingleMetricAsString('printloom_generation_waiting_rows');
    const waiting = Number(/printloom_generation_waiting_rows\{[^}]*tier="0"[^}]*\} (\d+)/.exec(gauge)?.[1]);
    expect(waiting).toBeGreaterThan(30);

    const submittedAt = Date.now();
    const { jobId } = await rpc.request(GENERATION.createJob, {
      userId: otherSeller,
      prompt: 'a single cat',
      options: { transparent: true, dark: false },
    });
    await waitFor(() => provider.starts.has(jobId), busyMachine);
    const startedAt = provider.starts.get(jobId)!;
    const batchJobs = new Set((await read(batchSeller, batch.id)).rows.map((row) => row.jobId));
    const overtook = [...provider.starts.entries()].filter(([id, at]) => batchJobs.has(id) && at >= submittedAt && at < startedAt);
    // Without fair feeding the single job would wait behind every row still queued (40+ jobs).
    expect(overtook.length).toBeLessThanOrEqual(1);
    await rpc.request(GENERATION.cancelBatch, { userId: batchSeller, batchId: batch.id });
  });

  it('publishes again a fed job whose publish a crash lost, once, and runs it once', async () => {
    const answering = await startWorker(new TimedProvider(20), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const userId = await userWith(1);
    const { batch } = await start(userId, ['Astronaut']);
    // What the feeder does, up to the commit: the row's credit split off, the row a queued job; then the crash.
    const fed = await answering.app.get(BatchRepository).feeding(async (tx) => {
      const [row] = (await tx.candidates(2)).filter((candidate) => candidate.batchId === batch.id);
      const own = await rpc.request(BILLING.split, { reservationId: row.reservationId, amount: 1, ref: `generation:${row.jobId}` });
      await tx.feed(row, own.reservationId, PRIORITY_TIERS.standard);
      return row;
    });
    await answering.close();
    workers.splice(workers.indexOf(answering), 1);
    // The same database (billing's connection, as generation's instance is gone): 40 s since the feed.
    const db = billing().infra.dataSource;
    await db.query(`UPDATE generation.batch_rows SET fed_at = now() - interval '40 seconds' WHERE id = $1`, [fed!.id]);
    const provider = new TimedProvider(20);
    await startWorker(provider);
    const done = await waitForBatch(userId, batch.id, (current) => current.status === 'finished');
    expect(done.rows[0]).toMatchObject({ status: 'succeeded', jobId: fed!.jobId });
    expect(provider.draws.get(fed!.jobId)).toBe(1);
    const [{ republished }] = await db.query(`SELECT republished FROM generation.batch_rows WHERE id = $1`, [fed!.id]);
    expect(republished).toBe(true);
    expect(await balance(userId)).toBe(0);
    expect((await reservationsOf(userId)).filter((row) => row.reason === 'generation')).toEqual([
      { reason: 'generation', amount: 1, status: 'committed' },
    ]);
  });

  it('purges an ended batch after the retention once none of its jobs remain, and deletes batches with the account', async () => {
    // Cancelled before any row was fed (an instance that does not feed), then a feeding one runs the other.
    const answering = await startWorker(new TimedProvider(20), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const userId = await userWith(3);
    const cancelled = (await start(userId, ['Skier', 'Diver'])).batch;
    await rpc.request(GENERATION.cancelBatch, { userId, batchId: cancelled.id });
    const ran = (await start(userId, ['Golfer'])).batch;
    await answering.close();
    workers.splice(workers.indexOf(answering), 1);
    const worker = await startWorker(new TimedProvider(20));
    const batches = worker.app.get(BatchRepository);
    await waitForBatch(userId, ran.id, (current) => current.status === 'finished');
    await waitFor(
      async () =>
        (await worker.infra.dataSource.query(`SELECT 1 FROM generation.batches WHERE user_id = $1 AND NOT reservation_settled`, [userId]))
          .length === 0,
      busyMachine,
    );
    const age = (id: string) =>
      worker.infra.dataSource.query(`UPDATE generation.batches SET finished_at = now() - interval '31 days' WHERE id = $1`, [id]);
    await age(ran.id);
    await age(cancelled.id);
    // The ended batch whose job is still kept (its designs are) stays; the one that never made a job goes.
    expect(await batches.purgeEnded(30)).toBe(1);
    await expect(read(userId, cancelled.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [{ jobId }] = (await read(userId, ran.id)).rows;
    await worker.infra.dataSource.query(`DELETE FROM generation.jobs WHERE id = $1`, [jobId]);
    expect(await batches.purgeEnded(30)).toBe(1);
    const other = await userWith(1);
    await start(other, ['Surfer']);
    expect(await batches.deleteForUser(other)).toBe(1);
    expect((await rpc.request(GENERATION.listBatches, { userId: other })).batches).toEqual([]);
  });

  it("stops a deleted account's running batches at once and gives back what they held", async () => {
    await startWorker(new TimedProvider(20), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const userId = await userWith(3);
    const { batch } = await start(userId, ['Sailor', 'Baker', 'Chef']);
    expect(await balance(userId)).toBe(0);
    const deletedAt = new Date();
    await publishEvent(
      nc,
      EVENTS.accountDeleted,
      {
        userId,
        email: `${userId}@example.com`,
        deletedAt: deletedAt.toISOString(),
        purgeAfter: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      },
      `account-deleted:${userId}`,
    );
    const stopped = await waitForBatch(userId, batch.id, (current) => current.status === 'cancelled');
    expect(stopped.counts).toMatchObject({ cancelled: 3, waiting: 0 });
    await waitFor(async () => (await balance(userId)) === 3, busyMachine);
  });

  it('keeps batches in the data export', async () => {
    await startWorker(new TimedProvider(50), { BATCH_FEED_INTERVAL_MS: '3600000' });
    const userId = await userWith(2);
    const { batch } = await start(userId, ['Chef', 'Baker']);
    const exported = await rpc.request(GENERATION.exportJobs, { userId });
    expect(exported.batches).toEqual([
      expect.objectContaining({
        id: batch.id,
        template: 'a proud {value} with coffee',
        name: 'a proud … with coffee (Chef, Baker)',
        rows: [
          { position: 1, prompt: 'a proud Chef with coffee', status: 'waiting', jobId: null },
          { position: 2, prompt: 'a proud Baker with coffee', status: 'waiting', jobId: null },
        ],
      }),
    ]);
  });
});
