import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AppError,
  ASSETS,
  BROADCASTS,
  BULK_JOB,
  BULK_JOB_MESSAGES,
  GENERATION,
  libraryChangedBroadcast,
  LIMITS,
  type BulkJob,
  type RpcRequest,
} from '@printloom/contracts';
import { connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import type { ObjectStorage, StoredObject } from '@printloom/storage';
import { AssetFiles } from '../src/asset-files.js';
import { ExportFitting } from '../src/renders/export-fitting.service.js';
import { DesignJobRepository } from '../src/repositories/design-job.repository.js';
import { DesignJobRunner, type DesignJobPass } from '../src/design-jobs/design-job-runner.js';
import { loadAssetsConfig } from '../src/config.js';
import { startAssetsService } from '../src/start.js';
import { ingestPng, smallPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';

/** The real fs driver, whose deletes can be held at a gate (to stop the service in the middle of a job). */
class GatedStorage implements ObjectStorage {
  /** Set by a test: the next delete waits for `release` after calling `reached`. */
  gate: { reached: () => void; release: Promise<void> } | null = null;

  constructor(private readonly real: ObjectStorage) {}

  check = () => this.real.check();
  put = (key: string, body: Buffer, contentType: string) => this.real.put(key, body, contentType);
  getBuffer = (key: string) => this.real.getBuffer(key);
  getStream = (key: string) => this.real.getStream(key);
  stat = (key: string) => this.real.stat(key);
  list = (prefix: string): AsyncIterable<StoredObject> => this.real.list(prefix);
  async delete(keys: string[]): Promise<void> {
    const gate = this.gate;
    if (gate) {
      this.gate = null;
      gate.reached();
      await gate.release;
    }
    await this.real.delete(keys);
  }
}

/**
 * Bulk jobs against real PostgreSQL and NATS: the runner is driven by the test (its own interval is an
 * hour), so every state is seen. Generation's `batchMembership` is answered by a stand-in on NATS that
 * knows the batches the tests make (the gateway's bulk-jobs test runs the real generation service).
 */
describe('bulk jobs in assets (real PostgreSQL and NATS)', () => {
  let system: AssetsTestSystem<GatedStorage>;
  let nc: NatsConnection;
  let png: Buffer;
  let runner: DesignJobRunner;
  const batches = new Map<string, { userId: string; assetIds: string[] }>();
  const announced: string[] = [];

  const rpc = () => system.rpc;
  const db = () => system.assets.infra.dataSource;
  const ingest = (userId: string, prompt: string) => ingestPng(system, userId, png, { variants: ['A', 'B'], prompt });
  const create = (request: Omit<RpcRequest<typeof ASSETS.createBulkJob>, 'action'> & { action: BulkJob['action'] }) =>
    rpc().request(ASSETS.createBulkJob, request);
  const getJob = async (userId: string, jobId: string) => (await rpc().request(ASSETS.getBulkJob, { userId, jobId })).job;
  const starred = async (userId: string) =>
    (await rpc().request(ASSETS.list, { userId, starred: true })).assets.map((asset) => asset.id).sort();
  const codeOf = (request: Promise<unknown>) =>
    request.then(
      () => 'answered',
      (error: AppError) => `${error.code}: ${error.message}`,
    );

  type Outcomes = Omit<DesignJobPass, 'continued_jobs'>;
  /** Passes of the runner until one finds nothing to do; how their jobs ended, summed (a job continued is counted when it ends). */
  async function runUntilIdle(): Promise<Outcomes> {
    const total: Outcomes = { done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0 };
    for (;;) {
      const pass = await runner.runNext();
      if (Object.values(pass).every((count) => count === 0)) return total;
      for (const key of Object.keys(total) as Array<keyof Outcomes>) total[key] += pass[key];
    }
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({
      name: 'bulk-jobs',
      env: { DESIGN_JOB_INTERVAL_MS: '3600000' },
      wrapStorage: (real) => new GatedStorage(real),
      rpcTimeoutMs: 60_000,
    });
    runner = system.assets.app.get(DesignJobRunner);
    nc = await connectNats(system.env.NATS_URL!, 'test-generation');
    // Generation's answer, as its handler gives it: the user's batch's designs by row position, or a 404.
    nc.subscribe(GENERATION.batchMembership, {
      callback: (_error, msg) => {
        const { data } = JSON.parse(new TextDecoder().decode(msg.data)) as { data: { userId: string; batchId: string } };
        const batch = batches.get(data.batchId);
        msg.respond(
          JSON.stringify(
            batch && batch.userId === data.userId
              ? { response: { designs: batch.assetIds.map((assetId, index) => ({ assetId, position: index + 1 })) }, isDisposed: true }
              : { err: { code: 'NOT_FOUND', message: 'Batch not found' }, isDisposed: true },
          ),
        );
      },
    });
    nc.subscribe(BROADCASTS.libraryChanged, {
      callback: (_error, msg) => {
        announced.push(libraryChangedBroadcast.parse(JSON.parse(new TextDecoder().decode(msg.data))).userId);
      },
    });
    await nc.flush();
    png = await smallPng();
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  }, 30_000);

  /** A batch of the user's designs (and one design since deleted from the library, which jobs leave out). */
  function batchOf(userId: string, assetIds: string[]): string {
    const batchId = randomUUID();
    batches.set(batchId, { userId, assetIds: [...assetIds, randomUUID()] });
    return batchId;
  }

  it("downloads a batch's designs: 409 before it runs, then the files of every design still in the library, in row order", async () => {
    const userId = randomUUID();
    const first = await ingest(userId, 'retro sun for summer');
    const second = await ingest(userId, 'moon and stars');
    const batchId = batchOf(userId, [...second, ...first]);
    const { job } = await create({ userId, action: 'download', batchId });
    expect(job).toMatchObject({ action: 'download', status: 'queued', batchId, designs: 4, processed: 0, downloadUrl: null, error: null });

    await expect(codeOf(rpc().request(ASSETS.resolveBulkJob, { userId, jobId: job.id }))).resolves.toBe(
      `CONFLICT: ${BULK_JOB_MESSAGES.notReady}`,
    );
    await expect(codeOf(rpc().request(ASSETS.resolveBulkJob, { userId: randomUUID(), jobId: job.id }))).resolves.toBe(
      `NOT_FOUND: ${BULK_JOB_MESSAGES.notFound}`,
    );
    await expect(codeOf(rpc().request(ASSETS.getBulkJob, { userId: randomUUID(), jobId: job.id }))).resolves.toMatch(/^NOT_FOUND/);

    expect(await runUntilIdle()).toEqual({ done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0 });
    const done = await getJob(userId, job.id);
    expect(done).toMatchObject({ status: 'done', processed: 4, downloadUrl: `/api/bulk-jobs/${job.id}/download` });
    expect(new Date(done.expiresAt!).getTime() - Date.now()).toBeGreaterThan((BULK_JOB.keptDays - 1) * 86_400_000);
    const { files, fileName } = await rpc().request(ASSETS.resolveBulkJob, { userId, jobId: job.id });
    expect(fileName).toBe('printloom-4-images.zip');
    expect(files.map((file) => file.assetId)).toEqual([...second, ...first]);
    expect(files.map((file) => file.fileName)).toEqual([
      'moon-and-stars-A.png',
      'moon-and-stars-B.png',
      'retro-sun-for-summer-A.png',
      'retro-sun-for-summer-B.png',
    ]);
    for (const file of files) expect(await system.storage.stat(file.key)).not.toBeNull();
  });

  it('exports every design fitted to a preset and a garment, through the same path as one export', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'fox in the forest');
    const { job } = await create({ userId, action: 'export', ids, preset: 'sticker-3in', garment: 'dark' });
    expect(job).toMatchObject({ preset: 'sticker-3in', garment: 'dark', batchId: null, designs: 2 });
    await runUntilIdle();
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'done', processed: 2 });
    const { files, fileName } = await rpc().request(ASSETS.resolveBulkJob, { userId, jobId: job.id });
    expect(fileName).toBe('printloom-2-images-sticker-3in-dark.zip');
    for (const [index, file] of files.entries()) {
      const single = await rpc().request(ASSETS.resolveDownload, { userId, assetId: ids[index]!, preset: 'sticker-3in', garment: 'dark' });
      expect(file.key).toBe(single.key);
      expect(await system.storage.stat(file.key)).not.toBeNull();
    }
  });

  it("waits its turn when the user's export share is full: handed back without an attempt, made once the share frees", async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'busy exporter');
    const { job } = await create({ userId, action: 'export', ids, preset: 'mug-11oz' });
    // The user's own exports (downloads they wait for) fill their share on this instance.
    const exports = system.assets.app.get(ExportFitting);
    let free!: () => void;
    const busy = new Promise<void>((resolve) => (free = resolve));
    const own = Array.from({ length: LIMITS.exportFittingsQueued }, () => exports.runInShare(userId, () => busy, 'busy'));
    expect(await runner.runNext()).toEqual({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 1, continued_jobs: 0 });
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'queued', processed: 0, error: null });
    free();
    await Promise.all(own);
    // It waits the time the refusal asked for (design-job-turns.int-spec.ts): that time passed.
    await db().query(`UPDATE assets.design_jobs SET not_before = now() WHERE id = $1`, [job.id]);
    expect(await runUntilIdle()).toEqual({ done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0 });
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'done', processed: 2 });
    const attempts = await db().query(`SELECT attempts FROM assets.design_jobs WHERE id = $1`, [job.id]);
    expect(attempts).toEqual([{ attempts: 0 }]);
  });

  it('stars and un-stars each design, telling the gateways; only a download or an export has files', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'lighthouse at dawn');
    const batchId = batchOf(userId, ids);
    const { job } = await create({ userId, action: 'star', batchId });
    announced.length = 0;
    await runUntilIdle();
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'done', processed: 2, downloadUrl: null });
    expect(await starred(userId)).toEqual([...ids].sort());
    expect(announced).toContain(userId);
    await expect(codeOf(rpc().request(ASSETS.resolveBulkJob, { userId, jobId: job.id }))).resolves.toBe(
      `CONFLICT: ${BULK_JOB_MESSAGES.notADownload}`,
    );

    // starring again changes nothing; un-starring takes both back
    await create({ userId, action: 'star', ids: [ids[0]!] });
    await create({ userId, action: 'unstar', batchId });
    await runUntilIdle();
    expect(await starred(userId)).toEqual([]);
  });

  it('deletes each design with its files, tells the gateways, and skips a design deleted meanwhile', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'cat astronaut');
    const files = system.assets.app.get(AssetFiles);
    const originals = ids.map((id) => files.keyOf(userId, id, 'original'));
    for (const key of originals) expect(await system.storage.stat(key)).not.toBeNull();
    const { job } = await create({ userId, action: 'delete', ids });
    await rpc().request(ASSETS.delete, { userId, assetId: ids[1]! });
    announced.length = 0;
    await runUntilIdle();
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'done', processed: 2 });
    expect((await rpc().request(ASSETS.list, { userId, starred: false })).assets).toEqual([]);
    for (const key of originals) expect(await system.storage.stat(key)).toBeNull();
    expect(announced).toEqual([userId]);
  });

  it("refuses another user's designs or batch (404), an empty batch (409) and a 4th open job (429), creating nothing", async () => {
    const owner = randomUUID();
    const stranger = randomUUID();
    const ids = await ingest(owner, 'mountain sunrise');
    const batchId = batchOf(owner, ids);
    await expect(codeOf(create({ userId: stranger, action: 'download', ids }))).resolves.toMatch(/^NOT_FOUND/);
    await expect(codeOf(create({ userId: owner, action: 'download', ids: [ids[0]!, randomUUID()] }))).resolves.toMatch(/^NOT_FOUND/);
    await expect(codeOf(create({ userId: stranger, action: 'delete', batchId }))).resolves.toBe('NOT_FOUND: Batch not found');
    await expect(codeOf(rpc().request(ASSETS.batchQuality, { userId: stranger, batchId }))).resolves.toMatch(/^NOT_FOUND/);
    const emptyBatch = batchOf(owner, []);
    await expect(codeOf(create({ userId: owner, action: 'download', batchId: emptyBatch }))).resolves.toBe(
      `CONFLICT: ${BULK_JOB_MESSAGES.batchEmpty}`,
    );
    const jobsOf = async (userId: string) =>
      (await db().query(`SELECT count(*)::int AS n FROM assets.design_jobs WHERE user_id = $1`, [userId]))[0].n as number;
    expect(await jobsOf(stranger)).toBe(0);

    // A listing kit is counted apart: it takes no bulk job's place.
    const { kit } = await rpc().request(ASSETS.createKitJob, { userId: owner, batchId });
    expect(kit.designs).toBe(2);
    for (let open = 0; open < BULK_JOB.openPerUser; open += 1) await create({ userId: owner, action: 'download', batchId });
    await expect(codeOf(create({ userId: owner, action: 'star', ids }))).resolves.toBe(`RATE_LIMITED: ${BULK_JOB_MESSAGES.tooManyJobs}`);
    expect(await jobsOf(owner)).toBe(BULK_JOB.openPerUser + 1);
    // the kit would need the listings service: not this test's business
    await db().query(`DELETE FROM assets.design_jobs WHERE id = $1`, [kit.id]);
    await runUntilIdle();
    await expect(codeOf(create({ userId: owner, action: 'star', ids }))).resolves.toBe('answered');
    await runUntilIdle();
  });

  it('counts the quality verdicts of every design of a batch', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'dog breed collection');
    const more = await ingest(userId, 'dog breed collection two');
    const batchId = batchOf(userId, [...ids, ...more]);
    const verdict = (failed: string[]) =>
      JSON.stringify({
        ok: failed.length === 0,
        checks: ['legibility', 'contrast', 'margin'].map((name) => ({ name, ok: !failed.includes(name), detail: name })),
      });
    await db().query(`UPDATE assets.assets SET quality = $2::jsonb WHERE id = $1`, [ids[0], verdict([])]);
    await db().query(`UPDATE assets.assets SET quality = $2::jsonb WHERE id = $1`, [ids[1], verdict(['margin', 'contrast'])]);
    await db().query(`UPDATE assets.assets SET quality = $2::jsonb WHERE id = $1`, [more[0], verdict(['contrast'])]);
    expect(await rpc().request(ASSETS.batchQuality, { userId, batchId })).toEqual({
      designs: 4,
      checked: 3,
      flagged: 2,
      byCheck: [
        { name: 'contrast', count: 2 },
        { name: 'margin', count: 1 },
      ],
      flaggedAssetIds: [ids[1], more[0]],
      flaggedDesigns: [
        {
          assetId: ids[1],
          failed: [
            { name: 'contrast', ok: false, detail: 'contrast' },
            { name: 'margin', ok: false, detail: 'margin' },
          ],
        },
        { assetId: more[0], failed: [{ name: 'contrast', ok: false, detail: 'contrast' }] },
      ],
    });
  });

  it('hides a job once it expired and purges it; deletes every job of a deleted account', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'kept a week');
    const { job } = await create({ userId, action: 'download', ids });
    const { job: waiting } = await create({ userId, action: 'star', ids });
    await db().query(`UPDATE assets.design_jobs SET status = 'done', expires_at = now() - interval '1 second' WHERE id = $1`, [job.id]);
    await expect(codeOf(rpc().request(ASSETS.getBulkJob, { userId, jobId: job.id }))).resolves.toBe(
      `NOT_FOUND: ${BULK_JOB_MESSAGES.notFound}`,
    );
    const jobs = system.assets.app.get(DesignJobRepository);
    expect(await jobs.deleteExpired()).toBe(1);
    expect(await getJob(userId, waiting.id)).toMatchObject({ status: 'queued' });
    expect(await jobs.deleteForUser(userId)).toBe(1);
    await expect(codeOf(rpc().request(ASSETS.getBulkJob, { userId, jobId: waiting.id }))).resolves.toMatch(/^NOT_FOUND/);
  });

  it("lists the user's own bulk jobs not yet expired, newest first, at most BULK_JOB.listed", async () => {
    const userId = randomUUID();
    const other = randomUUID();
    const ids = await ingest(userId, 'find me again');
    const otherIds = await ingest(other, 'not yours');
    const { job: download } = await create({ userId, action: 'download', ids });
    const { job: star } = await create({ userId, action: 'star', ids });
    const { job: othersJob } = await create({ userId: other, action: 'unstar', ids: otherIds });
    await db().query(`UPDATE assets.design_jobs SET status = 'done', expires_at = now() + interval '1 day' WHERE id = $1`, [download.id]);
    // Older jobs, finished and still kept, minutes apart; one expired (newer than all) and a listing kit job, neither listed.
    const older: string[] = [];
    for (let minutes = 1; minutes <= BULK_JOB.listed + 3; minutes++) {
      const [{ id }] = await db().query(
        `INSERT INTO assets.design_jobs (user_id, action, asset_ids, status, processed, created_at, expires_at)
         VALUES ($1, 'delete', $2::uuid[], 'done', 2, now() - make_interval(mins => $3), now() + interval '1 day') RETURNING id`,
        [userId, ids, minutes],
      );
      older.push(id);
    }
    await db().query(
      `INSERT INTO assets.design_jobs (user_id, action, asset_ids, status, created_at, expires_at)
       VALUES ($1, 'export', $2::uuid[], 'done', now(), now() - interval '1 second'), ($1, 'kit', $2::uuid[], 'queued', now(), NULL)`,
      [userId, ids],
    );

    const { jobs } = await rpc().request(ASSETS.listBulkJobs, { userId });
    expect(jobs.map((job) => job.id)).toEqual([star.id, download.id, ...older.slice(0, BULK_JOB.listed - 2)]);
    expect(jobs[0]).toMatchObject({ action: 'star', status: 'queued', downloadUrl: null });
    expect(jobs[1]).toMatchObject({ action: 'download', status: 'done', downloadUrl: `/api/bulk-jobs/${download.id}/download` });
    await expect(rpc().request(ASSETS.listBulkJobs, { userId: other })).resolves.toEqual({ jobs: [othersJob] });
    await expect(rpc().request(ASSETS.listBulkJobs, { userId: randomUUID() })).resolves.toEqual({ jobs: [] });

    const repository = system.assets.app.get(DesignJobRepository);
    await repository.deleteForUser(userId);
    await repository.deleteForUser(other);
  });

  it('takes over a job whose instance went silent, from the design it stood at; leaves a live claim alone', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, 'stale claim');
    const { job } = await create({ userId, action: 'delete', ids });
    await db().query(`UPDATE assets.design_jobs SET status = 'running', claimed_at = now(), processed = 1 WHERE id = $1`, [job.id]);
    expect(await runUntilIdle()).toEqual({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 0 });
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'running', processed: 1 });

    await db().query(`UPDATE assets.design_jobs SET claimed_at = now() - interval '1 hour' WHERE id = $1`, [job.id]);
    expect(await runUntilIdle()).toEqual({ done_jobs: 1, stopped_jobs: 0, handed_back_jobs: 0 });
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'done', processed: 2 });
    // the first design counted as done by the silent instance is left as it stood
    const left = (await rpc().request(ASSETS.list, { userId, starred: false })).assets.map((asset) => asset.id);
    expect(left).toEqual([ids[0]]);
  });

  it('hands a job back when the service stops between two designs; another instance finishes it', async () => {
    const userId = randomUUID();
    const ids = [...(await ingest(userId, 'restart one')), ...(await ingest(userId, 'restart two'))];
    const { job } = await create({ userId, action: 'delete', ids });
    let reached!: () => void;
    let release!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    system.storage.gate = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const pass = runner.runNext();
    await atGate; // the first design's files are being deleted
    runner.close();
    release();
    expect(await pass).toEqual({ done_jobs: 0, stopped_jobs: 0, handed_back_jobs: 1, continued_jobs: 0 });
    expect(await getJob(userId, job.id)).toMatchObject({ status: 'queued', processed: 1 });

    let second: RunningService | undefined;
    try {
      second = await startAssetsService(loadAssetsConfig({ ...system.env, DESIGN_JOB_INTERVAL_MS: '100' }), { storage: system.storage });
      await waitFor(async () => (await getJob(userId, job.id)).status === 'done', { what: 'the job finished by another instance' });
    } finally {
      await second?.close();
    }
    expect(await getJob(userId, job.id)).toMatchObject({ processed: 4 });
    expect((await rpc().request(ASSETS.list, { userId, starred: false })).assets).toEqual([]);
  });
});
