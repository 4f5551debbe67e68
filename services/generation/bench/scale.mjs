#!/usr/bin/env node
// Scale benchmark (not a test): jobs per minute with 1 and then 2 generation workers as separate
// processes. (1) The provider I/O-bound: an OpenAI stand-in answering every image after a fixed delay
// (like test/support/openai-stand-in.ts), target ≥ 1.8×. (2) The CPU-bound local engine at print size:
// jobs per minute per core. Billing and assets run in this process; NATS, PostgreSQL and storage are shared.
//   npm run build && node services/generation/bench/scale.mjs [jobs] [delayMs]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { GENERATION } from '@printloom/contracts';
import { RpcClient, connectNats } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../../billing/dist/config.js';
import { startBillingService } from '../../billing/dist/start.js';
import { CreditsService } from '../../billing/dist/credits.service.js';
import { loadAssetsConfig } from '../../assets/dist/config.js';
import { startAssetsService } from '../../assets/dist/start.js';
import { startWorkerProcess, stopWorkerProcess } from './support/worker-process.mjs';

const jobs = Number(process.argv[2] ?? 8);
const delayMs = Number(process.argv[3] ?? 1500);

// The image API stand-in: a transparent picture for every request, after `delayMs`.
const picture = await sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="90" fill="#c33"/></svg>',
      ),
    },
  ])
  .png()
  .toBuffer();
const imageReply = JSON.stringify({
  created: 0,
  background: 'transparent',
  output_format: 'png',
  data: [{ b64_json: picture.toString('base64') }],
});
const standIn = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const reply = req.url.startsWith('/v1/models') ? JSON.stringify({ object: 'list', data: [] }) : imageReply;
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(reply), req.url.startsWith('/v1/images') ? delayMs : 0);
  });
});
await new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve));

const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-scale-bench-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
};
const billing = await startBillingService(loadBillingConfig(env));
const assets = await startAssetsService(loadAssetsConfig(env));
const nc = await connectNats(nats.url, 'bench');
const rpc = new RpcClient(nc, 120_000);
const userId = randomUUID();
await billing.app.get(CreditsService).grantTopup(userId, `bench:${userId}`, 10_000);

const startWorker = (extra) => startWorkerProcess({ ...env, ...extra, GENERATION_CONCURRENCY: '1' });

async function runJob(prompt) {
  const { jobId } = await rpc.request(GENERATION.createJob, { userId, prompt, options: { transparent: true, dark: false } });
  for (;;) {
    const { job } = await rpc.request(GENERATION.getJob, { userId, jobId });
    if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
    if (job.status === 'succeeded') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function jobsPerMinute(count) {
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, index) => runJob(`'Scale ${index}' a cat astronaut`)));
  return (count / (performance.now() - started)) * 60_000;
}

async function compare(extra, count) {
  const first = await startWorker(extra);
  await runJob('warm-up');
  const one = await jobsPerMinute(count);
  const second = await startWorker(extra);
  await Promise.all([runJob('warm-up a'), runJob('warm-up b')]);
  const two = await jobsPerMinute(count);
  await Promise.all([first, second].map(stopWorkerProcess));
  return { one, two };
}

const cores = os.availableParallelism();
const io = await compare(
  {
    IMAGE_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `http://127.0.0.1:${standIn.address().port}/v1`,
    PRINT_CANVAS_SCALE: '0.1',
  },
  jobs,
);
console.log(
  `I/O-bound provider (image API stand-in, ${delayMs} ms per image), ${jobs} jobs: 1 worker ${io.one.toFixed(1)} jobs/min, 2 worker processes ${io.two.toFixed(1)} jobs/min: ${(io.two / io.one).toFixed(2)}× (target ≥ 1.8×)`,
);
const cpu = await compare({ IMAGE_PROVIDER: 'local', LOCAL_RENDER_SCALE: '1' }, Math.max(4, jobs / 2));
console.log(
  `CPU-bound local engine at print size (${cores} cores, shared machine: noisy): 1 worker ${cpu.one.toFixed(1)} jobs/min (${(cpu.one / cores).toFixed(1)} per core), 2 worker processes ${cpu.two.toFixed(1)} jobs/min (${(cpu.two / cores).toFixed(1)} per core, ${(cpu.two / cpu.one).toFixed(2)}×)`,
);

await assets.close();
await billing.close();
await nc.drain();
await nats.stop();
await database.drop();
standIn.close();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
