#!/usr/bin/env node
// Click → 4 designs (not a test): from the seller's POST /api/generate to the job's 4 print-size designs
// in the library (originals, thumbnails and previews written, credit charged), through the gateway over
// HTTP, with the local engine, over 8 different seller prompts back to back: each job starts the moment
// the previous job's 4 designs are in the library, while their quality verdicts are still to come (as a
// seller clicking again would). The services run as in production (gateway, auth, billing, assets with
// its quality verdicts, generation over NATS, PostgreSQL, shared file storage), the generation worker in
// a process of its own as make dev and the images run it.
// Reports click → 4 designs p50/p90, the CPU seconds per job of every process including the verdicts
// (tesseract included), and the verdict lag (design stored → verdict saved) p50/p90; every design must
// have its verdict within 60 s after the last job. Target: median ≤ 2.5 s.
//   npm run build && node services/generation/bench/click-to-designs.mjs [jobs] [--no-verdicts]
// (--no-verdicts: the assets service measures no quality verdicts, to see what they cost the clicks)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SELLER_PROMPTS } from '@printloom/design-engine';
import { createTestDatabase, startNatsServer, storeSignedInUser, testServiceEnv } from '@printloom/service-kit/testing';
import { loadAuthConfig } from '../../auth/dist/config.js';
import { startAuthService } from '../../auth/dist/start.js';
import { loadBillingConfig } from '../../billing/dist/config.js';
import { startBillingService } from '../../billing/dist/start.js';
import { CreditsService } from '../../billing/dist/credits.service.js';
import { loadAssetsConfig } from '../../assets/dist/config.js';
import { startAssetsService } from '../../assets/dist/start.js';
import { loadGatewayConfig } from '../../../gateway/dist/config.js';
import { startGateway } from '../../../gateway/dist/start.js';
import { startWorkerProcess, stopWorkerProcess } from './support/worker-process.mjs';

const TARGET_MS = 2500;
/** Every design's verdict is saved within this long after the last job. */
const VERDICTS_WITHIN_MS = 60_000;
const jobs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 8);
const verdictsOn = !process.argv.includes('--no-verdicts');
const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-click-bench-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
  LOCAL_RENDER_SCALE: '1',
  GENERATION_CONCURRENCY: '1',
  ASSET_QUALITY_VERDICTS: String(verdictsOn),
};
const auth = await startAuthService(loadAuthConfig(env));
const billing = await startBillingService(loadBillingConfig(env));
const assets = await startAssetsService(loadAssetsConfig(env));
const generation = await startWorkerProcess(env);
const gateway = await startGateway(loadGatewayConfig({ ...env, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:8080' }));

/** The bench's own connection: it writes the seller and reads each job's timestamps. */
const db = new pg.Client({ connectionString: database.url });
await db.connect();

/** A verified seller with a live session, stored the way the auth service stores them. */
const { userId, cookie } = await storeSignedInUser((sql, values) => db.query(sql, values).then((result) => result.rows));
await billing.app.get(CreditsService).grantTopup(userId, `bench:${userId}`, 1000);

async function api(method, route, body) {
  const response = await fetch(`${gateway.url}${route}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** The job's 4 designs are in the library: the moment the seller sees them and may click again. */
async function click(prompt, dark) {
  const started = performance.now();
  const { jobId } = await api('POST', '/api/generate', { prompt, options: { transparent: true, dark } });
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS designs FROM assets.assets WHERE job_id = $1 AND deleting_at IS NULL`, [
      jobId,
    ]);
    if (rows[0].designs >= 4) return { ms: performance.now() - started, jobId };
    const { job } = await api('GET', `/api/jobs/${jobId}`);
    if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** CPU seconds so far of every process of the system: this one (gateway, auth, billing, assets), its OCR children, the generation worker. */
function cpuSeconds() {
  const ticks = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0); // utime, stime, cutime, cstime
  };
  // The generation worker and the assets service's background image process (verdicts, with their OCR
  // once it is reaped); a child that ended is in this process's cutime.
  const children = readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  const ticksIfAlive = (pid) => {
    try {
      return ticks(pid);
    } catch {
      return 0; // ended meanwhile: its time moves to this process's cutime once reaped
    }
  };
  const total = children.reduce((sum, pid) => sum + ticksIfAlive(pid), ticks(process.pid));
  return { total: total / 100, worker: ticks(generation.pid) / 100 };
}

/**
 * Polls the library for saved verdicts beside the clicks, so each lag is seen when it happens: design
 * stored → verdict saved, in ms, for every design of the jobs clicked so far, until `allClicked()` and
 * every design has its verdict, or `deadline()` passes.
 */
async function verdictLags(jobIds, allClicked, deadline) {
  const lags = new Map();
  for (;;) {
    const { rows } = await db.query(
      `SELECT id, quality IS NOT NULL AS measured, 1000 * extract(epoch FROM clock_timestamp() - created_at) AS age
         FROM assets.assets WHERE job_id = ANY($1::uuid[])`,
      [jobIds],
    );
    for (const row of rows) if (row.measured && !lags.has(row.id)) lags.set(row.id, Number(row.age));
    if (allClicked() && (lags.size === rows.length || performance.now() > deadline()))
      return { lags: [...lags.values()], designs: rows.length };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Where a job's time went, from the worker's own timestamps: waiting in the queue, drawing, storing and delivering. */
async function phasesOf(jobId) {
  const { rows } = await db.query(
    `SELECT 1000 * extract(epoch FROM started_at - created_at) AS queued, provider_ms AS drawing,
              1000 * extract(epoch FROM finished_at - started_at) - provider_ms AS delivering
         FROM generation.jobs WHERE id = $1`,
    [jobId],
  );
  return Object.entries(rows[0])
    .map(([phase, ms]) => `${phase} ${(Number(ms) / 1000).toFixed(2)} s`)
    .join(', ');
}

await click('warm-up: fonts and pictures load once per process', false);
/** Older trees (before quality verdicts) are benched too, to compare: they have no verdicts to wait for. */
const { rowCount: verdictColumn } = await db.query(
  `SELECT 1 FROM information_schema.columns WHERE table_schema = 'assets' AND table_name = 'assets' AND column_name = 'quality'`,
);
const hasVerdicts = verdictsOn && verdictColumn > 0;
// The warm-up's verdicts are left out of the CPU count: wait for them first.
while (hasVerdicts) {
  const { rows } = await db.query(`SELECT count(*)::int AS waiting FROM assets.assets WHERE quality IS NULL AND kind = 'generated'`);
  if (rows[0].waiting === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const cpuBefore = cpuSeconds();
const times = [];
const jobIds = [];
let lastJobEnded = Infinity;
const lagsSeen = hasVerdicts
  ? verdictLags(
      jobIds,
      () => lastJobEnded < Infinity,
      () => lastJobEnded + VERDICTS_WITHIN_MS,
    )
  : Promise.resolve({ lags: [], designs: 0 });
for (let job = 0; job < jobs; job += 1) {
  const prompt = SELLER_PROMPTS[(job * 3) % SELLER_PROMPTS.length];
  const { ms, jobId } = await click(prompt, job % 2 === 1);
  times.push(ms);
  jobIds.push(jobId);
}
lastJobEnded = performance.now();
for (const [job, jobId] of jobIds.entries())
  console.log(`${seconds(times[job])}  ${SELLER_PROMPTS[(job * 3) % SELLER_PROMPTS.length]}  (${await phasesOf(jobId)})`);
const { lags, designs } = await lagsSeen;
const lastVerdictAfter = performance.now() - lastJobEnded;
const cpuAfter = cpuSeconds();
const cpuPerJob = (cpuAfter.total - cpuBefore.total) / jobs;
const workerCpuPerJob = (cpuAfter.worker - cpuBefore.worker) / jobs;
const median = quantile(times, 0.5);
console.log(
  `click → 4 print-size designs, ${jobs} jobs back to back (${os.availableParallelism()} cores, load ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}, shared machine: noisy): p50 ${seconds(median)}, p90 ${seconds(quantile(times, 0.9))}, min ${seconds(
    Math.min(...times),
  )}, max ${seconds(Math.max(...times))}; target ≤ ${TARGET_MS / 1000} s: ${(median / TARGET_MS).toFixed(2)}× the target`,
);
console.log(
  `CPU per job, every process, verdicts included: ${cpuPerJob.toFixed(2)} s (the generation worker ${workerCpuPerJob.toFixed(2)} s; gateway, auth, billing, assets, its background process and OCR ${(cpuPerJob - workerCpuPerJob).toFixed(2)} s)`,
);
console.log(
  `verdict lag (design stored → verdict saved): p50 ${seconds(quantile(lags, 0.5))}, p90 ${seconds(quantile(lags, 0.9))}; ${lags.length} of ${designs} designs measured, the last ${seconds(
    lastVerdictAfter,
  )} after the last job${lags.length === designs ? '' : ` (FAILED: not all within ${VERDICTS_WITHIN_MS / 1000} s)`}`,
);
/** The generation worker's peak resident memory so far (VmHWM), in MB. */
const workerPeakMb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${generation.pid}/status`, 'utf8'))[1]) / 1024;
console.log(`generation worker peak RSS: ${workerPeakMb.toFixed(0)} MB (warm-up and ${jobs} jobs)`);
console.log(
  `JSON ${JSON.stringify({ times, p50: median, p90: quantile(times, 0.9), cpuPerJob, workerCpuPerJob, lagP50: quantile(lags, 0.5), lagP90: quantile(lags, 0.9), measured: lags.length, designs, workerPeakMb })}`,
);

await db.end();
await gateway.close();
await stopWorkerProcess(generation);
await assets.close();
await billing.close();
await auth.close();
await nats.stop();
await database.drop();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
