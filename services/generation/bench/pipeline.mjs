#!/usr/bin/env node
// Generation pipeline benchmark (not a test): the pipeline's own overhead per job (submit → succeeded
// minus the provider's time), median of 20, and jobs per minute with 1 and 2 worker instances, with
// the local provider. Runs on built code against a fresh database and its own nats-server.
//   npm run build && node services/generation/bench/pipeline.mjs [scale]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GENERATION } from '@printloom/contracts';
import { RpcClient, connectNats } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../../billing/dist/config.js';
import { startBillingService } from '../../billing/dist/start.js';
import { CreditsService } from '../../billing/dist/credits.service.js';
import { loadAssetsConfig } from '../../assets/dist/config.js';
import { startAssetsService } from '../../assets/dist/start.js';
import { loadGenerationConfig } from '../dist/config.js';
import { startGenerationService } from '../dist/start.js';

const scale = process.argv[2] ?? '1';
const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-bench-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
  LOCAL_RENDER_SCALE: scale,
  GENERATION_CONCURRENCY: '1',
};
const billing = await startBillingService(loadBillingConfig(env));
const assets = await startAssetsService(loadAssetsConfig(env));
const nc = await connectNats(nats.url, 'bench');
const rpc = new RpcClient(nc, 120_000);
const userId = randomUUID();
await billing.app.get(CreditsService).grantTopup(userId, `bench:${userId}`, 1000);

async function runJob() {
  const started = Date.now();
  const { jobId } = await rpc.request(GENERATION.createJob, {
    userId,
    prompt: "a cat astronaut, 'Space Meow' in retro letters",
    options: { transparent: true, dark: false },
  });
  for (;;) {
    const { job } = await rpc.request(GENERATION.getJob, { userId, jobId });
    if (job.status === 'succeeded' || job.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { jobId, totalMs: Date.now() - started };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const workers = [await startGenerationService(loadGenerationConfig(env))];
const db = workers[0].infra.dataSource;

// Overhead: one job at a time.
const overheads = [];
for (let i = 0; i < 20; i += 1) {
  const { jobId, totalMs } = await runJob();
  const [{ provider_ms }] = await db.query('SELECT provider_ms FROM generation.jobs WHERE id = $1', [jobId]);
  overheads.push(totalMs - provider_ms);
}
const [{ provider }] = await db.query('SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY provider_ms) AS provider FROM generation.jobs');

async function throughput(jobs) {
  const started = Date.now();
  await Promise.all(Array.from({ length: jobs }, () => runJob()));
  return (jobs / (Date.now() - started)) * 60_000;
}
const jobs = Number(process.env.BENCH_JOBS ?? 12);
const one = await throughput(jobs);
workers.push(await startGenerationService(loadGenerationConfig(env)));
const two = await throughput(jobs);

console.log(`local provider at scale ${scale} (1 = print size 4500x5400), 2 cores`);
console.log(
  `pipeline overhead per job (submit → succeeded minus provider time), median of 20: ${median(overheads)} ms (provider median ${Math.round(provider)} ms)`,
);
console.log(
  `throughput, ${jobs} jobs: 1 worker ${one.toFixed(1)} jobs/min, 2 workers ${two.toFixed(1)} jobs/min (${(two / one).toFixed(2)}x)`,
);

for (const worker of workers) await worker.close();
await assets.close();
await billing.close();
await nc.drain();
await nats.stop();
await database.drop();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
