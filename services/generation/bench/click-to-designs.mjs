#!/usr/bin/env node
// Click → 4 designs (not a test): from the seller's POST /api/generate to the job's 4 print-size designs
// stored in the library (originals, thumbnails and previews written, credit charged), as the browser sees
// it: through the gateway over HTTP, polling GET /api/jobs/:id, with the local engine, over 8 different
// seller prompts, one job at a time. The services run as in production (gateway, auth, billing, assets,
// generation over NATS, PostgreSQL, shared file storage), the generation worker in a process of its own
// as make dev and the images run it (in the bench's process it would share one thread with the gateway,
// assets and billing). Target: median ≤ 3.5 s.
//   npm run build && node services/generation/bench/click-to-designs.mjs [jobs]
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SELLER_PROMPTS } from '@printloom/design-engine';
import { createTestDatabase, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
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

const TARGET_MS = 3500;
const jobs = Number(process.argv[2] ?? 8);
const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-click-bench-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
  LOCAL_RENDER_SCALE: '1',
  GENERATION_CONCURRENCY: '1',
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
async function signedInSeller() {
  const { rows } = await db.query(`INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, NULL, now()) RETURNING id`, [
    `bench-${randomBytes(6).toString('hex')}@example.com`,
  ]);
  const token = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    rows[0].id,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return { userId: rows[0].id, cookie: `pl_session=${token}` };
}

const { userId, cookie } = await signedInSeller();
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

async function click(prompt, dark) {
  const started = performance.now();
  const { jobId } = await api('POST', '/api/generate', { prompt, options: { transparent: true, dark } });
  for (;;) {
    const { job } = await api('GET', `/api/jobs/${jobId}`);
    if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
    if (job.status === 'succeeded') return { ms: performance.now() - started, jobId };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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
const times = [];
for (let job = 0; job < jobs; job += 1) {
  const prompt = SELLER_PROMPTS[(job * 3) % SELLER_PROMPTS.length];
  const { ms, jobId } = await click(prompt, job % 2 === 1);
  times.push(ms);
  console.log(`${(ms / 1000).toFixed(2)} s  ${prompt}  (${await phasesOf(jobId)})`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `click → 4 print-size designs, ${jobs} prompts (${os.availableParallelism()} cores, shared machine: noisy): median ${(median / 1000).toFixed(2)} s, min ${(times[0] / 1000).toFixed(2)} s, max ${(times.at(-1) / 1000).toFixed(2)} s; target ≤ ${TARGET_MS / 1000} s: ${(median / TARGET_MS).toFixed(2)}× the target`,
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
