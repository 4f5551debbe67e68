#!/usr/bin/env node
// Batches (not a test). Two figures, with the local engine and the services as in production (billing,
// assets, generation in a process of its own as make dev runs it, PostgreSQL, NATS JetStream):
//  1. fairness: how long another seller's single job waits for a worker (started_at − created_at), p95
//     over `samples` jobs, on an idle queue and while one seller's 200-row batch runs in the same tier.
//     Drawn at FAIRNESS_SCALE of print size so that a 200-row batch fits in a few minutes; what counts is
//     the wait measured in job times (target: ≤ one job's time more than idle).
//  2. a batch of 50 at print size: from the create request to its last design stored.
//   npm run build && node services/generation/bench/batch-fairness.mjs [samples] [batch-size]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { GENERATION } from '@printloom/contracts';
import { RpcClient, connectNats } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../../billing/dist/config.js';
import { startBillingService } from '../../billing/dist/start.js';
import { CreditsService } from '../../billing/dist/credits.service.js';
import { loadAssetsConfig } from '../../assets/dist/config.js';
import { startAssetsService } from '../../assets/dist/start.js';
import { startWorkerProcess, stopWorkerProcess } from './support/worker-process.mjs';

const samples = Number(process.argv[2] ?? 12);
const batchSize = Number(process.argv[3] ?? 50);
const FAIRNESS_SCALE = '0.25';
const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-batch-bench-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
};
const billing = await startBillingService(loadBillingConfig(env));
const assets = await startAssetsService(loadAssetsConfig(env));
const nc = await connectNats(nats.url, 'bench');
const rpc = new RpcClient(nc, 30_000);
const db = new pg.Client({ connectionString: database.url });
await db.connect();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function seller(credits) {
  const userId = randomUUID();
  await billing.app.get(CreditsService).grantTopup(userId, `bench:${userId}`, credits);
  return userId;
}
const options = { transparent: true, dark: false };
const prompts = ['a proud {value} with coffee, "World\'s Okayest {value}"'];
const breeds = (count) => Array.from({ length: count }, (_, index) => `Dog Breed ${index + 1}`);

async function jobTimes(jobId) {
  for (;;) {
    const { rows } = await db.query(
      `SELECT status, 1000 * extract(epoch FROM started_at - created_at) AS waited, 1000 * extract(epoch FROM finished_at - started_at) AS ran
       FROM generation.jobs WHERE id = $1`,
      [jobId],
    );
    if (rows[0]?.status === 'succeeded') return { waited: Number(rows[0].waited), ran: Number(rows[0].ran) };
    if (rows[0]?.status === 'failed') throw new Error(`job ${jobId} failed`);
    await sleep(50);
  }
}

/** One seller's single jobs, one after another with a pause between (a seller clicking), each job's wait. */
async function singleJobWaits(userId) {
  const waits = [];
  const runs = [];
  for (let index = 0; index < samples; index += 1) {
    const { jobId } = await rpc.request(GENERATION.createJob, { userId, prompt: `"Single ${index}" cat astronaut`, options });
    const { waited, ran } = await jobTimes(jobId);
    waits.push(waited);
    runs.push(ran);
    await sleep(300 + Math.random() * 700);
  }
  return { waits, runs };
}
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// 1. Fairness, at FAIRNESS_SCALE.
let worker = await startWorkerProcess({ ...env, LOCAL_RENDER_SCALE: FAIRNESS_SCALE });
const single = await seller(1000);
await singleJobWaits(single); // warm-up: fonts and pictures load once per process
const idle = await singleJobWaits(single);
const batchSeller = await seller(200);
const { batch } = await rpc.request(GENERATION.createBatch, {
  source: 'template',
  userId: batchSeller,
  template: prompts[0],
  values: breeds(200),
  options,
});
await sleep(3000);
const busy = await singleJobWaits(single);
const during = (await rpc.request(GENERATION.getBatch, { userId: batchSeller, batchId: batch.id })).batch.counts;
await rpc.request(GENERATION.cancelBatch, { userId: batchSeller, batchId: batch.id });
// One job's time as the single seller saw it while the batch ran (two jobs share the cores then).
const jobTime = percentile(busy.runs, 50);
const p95 = percentile(busy.waits, 95);
console.log(
  `fairness (${os.availableParallelism()} cores, local engine at ${FAIRNESS_SCALE}× print size, one job ≈ ${seconds(percentile(idle.runs, 50))} alone, ` +
    `${seconds(jobTime)} beside the batch): single-job wait p95 ${seconds(percentile(idle.waits, 95))} on an idle queue, ${seconds(p95)} ` +
    `(${(p95 / jobTime).toFixed(2)} job times) while a 200-row batch runs (max ${seconds(Math.max(...busy.waits))}, ${samples} jobs each; ` +
    `the batch had ${during.succeeded} done, ${during.waiting} waiting when the samples ended; target: ≤ 1 job time)`,
);
await stopWorkerProcess(worker);

// 2. A batch of `batchSize` at print size (0 skips it).
async function batchAtPrintSize() {
  worker = await startWorkerProcess({ ...env, LOCAL_RENDER_SCALE: '1' });
  await jobTimes((await rpc.request(GENERATION.createJob, { userId: single, prompt: 'warm-up "Hello"', options })).jobId);
  const collector = await seller(batchSize);
  const started = performance.now();
  const made = await rpc.request(GENERATION.createBatch, {
    source: 'template',
    userId: collector,
    template: prompts[0],
    values: breeds(batchSize),
    options,
  });
  for (;;) {
    const { counts, status } = (await rpc.request(GENERATION.getBatch, { userId: collector, batchId: made.batch.id })).batch;
    if (status !== 'running') {
      const ms = performance.now() - started;
      console.log(
        `batch of ${batchSize} at print size (${os.availableParallelism()} cores, local engine): last design stored after ${seconds(ms)} ` +
          `(${seconds(ms / batchSize)} per design set of 4; ${counts.succeeded} succeeded, ${counts.failed} failed)`,
      );
      break;
    }
    await sleep(250);
  }
  await stopWorkerProcess(worker);
}
if (batchSize > 0) await batchAtPrintSize();

await db.end();
await nc.drain();
await assets.close();
await billing.close();
await nats.stop();
await database.drop();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
