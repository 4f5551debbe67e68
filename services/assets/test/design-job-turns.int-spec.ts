import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { AppError, ASSETS, LIMITS } from '@printloom/contracts';
import type { RunningService } from '@printloom/service-kit';
import { DataSource } from 'typeorm';
import { BulkJobs } from '../src/bulk-jobs/bulk-jobs.service.js';
import { DesignJobRunner, type DesignJobPass } from '../src/design-jobs/design-job-runner.js';
import { ExportFitting } from '../src/renders/export-fitting.service.js';
import { DesignJobRepository, type DesignJobAction } from '../src/repositories/design-job.repository.js';
import { loadListingsConfig } from '../../listings/src/config.js';
import { startListingsService } from '../../listings/src/start.js';
import { ingestPng, smallPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';

jest.setTimeout(180_000);

/**
 * Design jobs take turns by seller (issue 37, item 4), against real PostgreSQL and NATS, the real
 * listings service answering the kits' listings. The runner is driven by the test (its own interval is
 * an hour), one pass at a time.
 */
describe('design jobs take turns by seller (real PostgreSQL, NATS and listings)', () => {
  let system: AssetsTestSystem<never>;
  let listings: RunningService;
  let runner: DesignJobRunner;
  let jobs: DesignJobRepository;
  let png: Buffer;

  const db = () => system.assets.infra.dataSource;
  const ingest = (userId: string, prompt: string) => ingestPng(system, userId, png, { variants: ['A', 'B', 'C', 'D'], prompt });
  const stateOf = async (id: string) =>
    (await db().query(`SELECT status, processed, attempts FROM assets.design_jobs WHERE id = $1`, [id]))[0] as {
      status: string;
      processed: number;
      attempts: number;
    };
  /** Seconds until the job may be claimed again (null: at once). */
  const waitOf = async (id: string) =>
    (await db().query(`SELECT extract(epoch FROM not_before - now())::float8 AS wait FROM assets.design_jobs WHERE id = $1`, [id]))[0]
      .wait as number | null;
  /** A job of `designs` steps over the seller's few real designs, repeated (each step does a design's real work). */
  async function jobOf(userId: string, action: DesignJobAction, assetIds: string[], designs: number): Promise<string> {
    const ids = Array.from({ length: designs }, (_, index) => assetIds[index % assetIds.length]!);
    const job = await jobs.createUnlessBusy({ userId, action, assetIds: ids, preset: action === 'export' ? 'mug-11oz' : null }, 'bulk', 3);
    return job!.id;
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'design-job-turns', env: { DESIGN_JOB_INTERVAL_MS: '3600000' }, rpcTimeoutMs: 60_000 });
    listings = await startListingsService(loadListingsConfig(system.env));
    runner = system.assets.app.get(DesignJobRunner);
    jobs = system.assets.app.get(DesignJobRepository);
    png = await smallPng();
  }, 60_000);

  afterAll(async () => {
    await listings?.close();
    await system?.close();
  }, 30_000);

  it("starts another seller's 10-design kit within one pass of one seller's 3 jobs of 1,000 designs", async () => {
    const bulkSeller = randomUUID();
    const kitSeller = randomUUID();
    const starred = await ingest(bulkSeller, 'a thousand stars');
    const bulk = [];
    for (let job = 0; job < 3; job += 1) bulk.push(await jobOf(bulkSeller, 'star', starred, 1000));
    const kitDesigns = [
      ...(await ingest(kitSeller, 'kit fox one')),
      ...(await ingest(kitSeller, 'kit fox two')),
      ...(await ingest(kitSeller, 'kit fox three')),
    ];
    const { kit } = await system.rpc.request(ASSETS.createKitJob, { userId: kitSeller, ids: kitDesigns.slice(0, 10) });
    expect(kit).toMatchObject({ status: 'queued', designs: 10 });

    // Passes until one starts the kit: the passes before it are the other seller's, its wait.
    const started = performance.now();
    let waitedMs = 0;
    let passesBefore = 0;
    let kitPass: DesignJobPass | undefined;
    while (passesBefore <= 10) {
      const passStarted = performance.now();
      const pass = await runner.runNext();
      const state = await stateOf(kit.id);
      if (state.status !== 'queued' || state.processed > 0 || state.attempts > 0) {
        waitedMs = passStarted - started;
        kitPass = pass;
        break;
      }
      passesBefore += 1;
    }
    process.stdout.write(
      `[design-job-turns] the kit started after ${passesBefore} pass(es) of the other seller: ${Math.round(waitedMs)} ms\n`,
    );
    expect({ passesBefore, kitPass }).toEqual({
      passesBefore: 1,
      kitPass: { done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 0 },
    });
    expect(await stateOf(kit.id)).toMatchObject({ status: 'done', processed: 10, attempts: 0 });
    // The bulk seller's first job walked its 25 designs and waits its turn again; the other two have not begun.
    expect(await Promise.all(bulk.map(stateOf))).toEqual([
      { status: 'queued', processed: 25, attempts: 0 },
      { status: 'queued', processed: 0, attempts: 0 },
      { status: 'queued', processed: 0, attempts: 0 },
    ]);
    expect(await Promise.all(bulk.map(waitOf))).toEqual([null, null, null]);
    await jobs.deleteForUser(bulkSeller);
  });

  it('walks at most 25 designs a pass, the job keeping its progress; a sweeper run goes on while passes get work done', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'twenty five at a time');
    const job = await jobOf(userId, 'star', ids, 60);
    expect(await runner.runNext()).toEqual({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 1 });
    expect(await stateOf(job)).toMatchObject({ status: 'queued', processed: 25 });
    expect(await runner.runNext()).toEqual({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 1 });
    expect(await stateOf(job)).toMatchObject({ status: 'queued', processed: 50 });
    expect(await runner.runNext()).toEqual({ done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 0 });
    expect(await stateOf(job)).toMatchObject({ status: 'done', processed: 60 });

    const next = await jobOf(userId, 'unstar', ids, 60);
    expect(await runner.runWhileBusy()).toEqual({ done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 2 });
    expect(await stateOf(next)).toMatchObject({ status: 'done', processed: 60 });
  });

  it("hands a job back on a full export share to wait the refusal's retryAfterSeconds (10 s when absent) before it is claimed again", async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'patient exporter');
    const job = await jobOf(userId, 'export', ids, 4);
    // The user's own exports fill their share: the real refusal, with the time it asks for.
    const exports = system.assets.app.get(ExportFitting);
    let free!: () => void;
    const busy = new Promise<void>((resolve) => (free = resolve));
    const own = Array.from({ length: LIMITS.exportFittingsQueued }, () => exports.runInShare(userId, () => busy, 'busy'));
    expect(await runner.runNext()).toMatchObject({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 1 });
    free();
    await Promise.all(own);
    expect(await stateOf(job)).toMatchObject({ status: 'queued', processed: 0, attempts: 0 });
    expect(await waitOf(job)).toBeGreaterThan(0);
    // The share is free now, but the job waits its time: a pass finds nothing.
    expect(await runner.runNext()).toMatchObject({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0 });
    expect(await stateOf(job)).toMatchObject({ status: 'queued', processed: 0 });
    await db().query(`UPDATE assets.design_jobs SET not_before = now() - interval '1 second' WHERE id = $1`, [job]);
    expect(await runner.runNext()).toEqual({ done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 0 });

    // A refusal that names no time waits 10 s; one that does waits what it asks.
    const step = jest.spyOn(system.assets.app.get(BulkJobs), 'step');
    try {
      const unnamed = await jobOf(userId, 'star', ids, 4);
      step.mockRejectedValueOnce(new AppError('RATE_LIMITED', 'Busy'));
      expect(await runner.runNext()).toMatchObject({ handed_back_jobs: 1 });
      expect(await waitOf(unnamed)).toBeCloseTo(10, 0);
      await db().query(`UPDATE assets.design_jobs SET not_before = now() - interval '1 second' WHERE id = $1`, [unnamed]);
      step.mockRejectedValueOnce(new AppError('RATE_LIMITED', 'Busy', { retryAfterSeconds: 42 }));
      expect(await runner.runNext()).toMatchObject({ handed_back_jobs: 1 });
      expect(await waitOf(unnamed)).toBeCloseTo(42, 0);
      expect(await runner.runNext()).toEqual({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0, continued_jobs: 0 });
    } finally {
      step.mockRestore();
      await jobs.deleteForUser(userId);
    }
  });

  it('serves two sellers when two instances claim at once, never one job twice', async () => {
    const first = randomUUID();
    const second = randomUUID();
    const firstJobs = [await jobOf(first, 'star', [randomUUID()], 30), await jobOf(first, 'star', [randomUUID()], 30)];
    const secondJob = await jobOf(second, 'star', [randomUUID()], 30);
    const other = new DataSource({ type: 'postgres', url: system.env.DATABASE_URL, schema: 'assets' });
    await other.initialize();
    try {
      const otherInstance = new DesignJobRepository(other);
      const claimed = await Promise.all([jobs.claimNext(3600), otherInstance.claimNext(3600)]);
      expect(claimed.map((job) => job?.id).sort()).toEqual([firstJobs[0], secondJob].sort());
      // the next claim finds the first seller's other job only; nothing after it
      expect((await otherInstance.claimNext(3600))?.id).toBe(firstJobs[1]);
      expect(await jobs.claimNext(3600)).toBeNull();
    } finally {
      await other.destroy();
      await jobs.deleteForUser(first);
      await jobs.deleteForUser(second);
    }
  });
});
