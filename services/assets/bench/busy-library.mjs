#!/usr/bin/env node
// Busy-library benchmark (not a test): the p99 latency of the first library page through the gateway,
// first on a quiet service, then while 4 background removals of print-size (4500x5400) designs run
// on the same assets service, then while one user asks for 40 preset downloads (exports not made yet)
// at once. Built code, fresh database.
//   npm run build && node services/assets/bench/busy-library.mjs [--only=removals|exports]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ASSETS } from '@printloom/contracts';
import { RpcClient, connectNats } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, storeSignedInUser, testServiceEnv } from '@printloom/service-kit/testing';
import { createStorage, storageEnvSchema } from '@printloom/storage';
import { loadAuthConfig } from '../../auth/dist/config.js';
import { startAuthService } from '../../auth/dist/start.js';
import { loadAssetsConfig } from '../dist/config.js';
import { startAssetsService } from '../dist/start.js';
import { loadGatewayConfig } from '../../../gateway/dist/config.js';
import { startGateway } from '../../../gateway/dist/start.js';

const REMOVALS = 4;
const EXPORTS = 40;
const EXPORT_PRESET = 'merch-by-amazon-tshirt';
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-bench-busy-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
  RPC_TIMEOUT_MS: '300000',
};
const auth = await startAuthService(loadAuthConfig(env));
const assets = await startAssetsService(loadAssetsConfig(env));
const gateway = await startGateway(loadGatewayConfig({ ...env, PORT: '0', HOST: '127.0.0.1' }));

/** Two users: a seller browsing their library, and one running background removals. */
async function signedIn(email) {
  const { userId, cookie } = await storeSignedInUser((sql, values) => auth.infra.dataSource.query(sql, values), { email });
  return { userId, headers: { cookie, origin: 'http://localhost:8080' } };
}
const browser = await signedIn('browser@example.com');
// One removal per user, so per-user limits never decide the figure.
const workers = [];
for (let i = 0; i < REMOVALS; i += 1) workers.push(await signedIn(`worker${i}@example.com`));
// One seller exporting many designs at once (the flood the per-user export limits are for).
const exporter = await signedIn('exporter@example.com');
await assets.infra.dataSource.query(
  `INSERT INTO assets.assets (user_id, job_id, variant, kind, prompt, width, height, original_size, etag, created_at, expires_at)
   SELECT $1, gen_random_uuid(), 'A', 'generated', 'design number ' || g, 4500, 5400, 1000000, md5(g::text), now() - (g || ' seconds')::interval, now() + interval '30 days'
   FROM generate_series(1, 500) g`,
  [browser.userId],
);

// A print-size design on a plain background, ingested the way generation hands it over.
const storage = createStorage(storageEnvSchema.parse(env));
const nc = await connectNats(nats.url, 'bench');
const rpc = new RpcClient(nc, 120_000);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4500" height="5400"><circle cx="2250" cy="2700" r="1600" fill="#e63946"/><rect x="900" y="600" width="2700" height="500" fill="#1d3557"/></svg>`;
const png = await sharp({ create: { width: 4500, height: 5400, channels: 4, background: { r: 250, g: 248, b: 240, alpha: 1 } } })
  .composite([{ input: Buffer.from(svg) }])
  .png()
  .toBuffer();
const assetIds = [];
for (const worker of workers) {
  const jobId = randomUUID();
  const key = `jobs/${jobId}/A.png`;
  await storage.put(key, png, 'image/png');
  const {
    assetIds: [id],
  } = await rpc.request(ASSETS.ingest, { userId: worker.userId, jobId, prompt: 'bench removal', images: [{ variant: 'A', key }] });
  assetIds.push(id);
}

// The exporter's designs: the same print-size original, its thumbnails made once (ingest would decode each).
const exportIds = [];
if (only !== 'removals') {
  const thumbnail = await sharp(png).resize(384).webp().toBuffer();
  const preview = await sharp(png).resize(1024).webp().toBuffer();
  for (let i = 0; i < EXPORTS; i += 1) {
    const jobId = randomUUID();
    const key = `jobs/${jobId}/A.png`;
    const [thumbnailKey, previewKey] = [`jobs/${jobId}/A.thumbnail.webp`, `jobs/${jobId}/A.preview.webp`];
    await Promise.all([
      storage.put(key, png, 'image/png'),
      storage.put(thumbnailKey, thumbnail, 'image/webp'),
      storage.put(previewKey, preview, 'image/webp'),
    ]);
    const {
      assetIds: [id],
    } = await rpc.request(ASSETS.ingest, {
      userId: exporter.userId,
      jobId,
      prompt: `bench export ${i}`,
      images: [{ variant: 'A', key, thumbnailKey, previewKey }],
    });
    exportIds.push(id);
  }
}

/** The first page (the gateway's cache answers it while fresh); `path` another list URL. */
async function page(path = '/api/assets') {
  const t0 = process.hrtime.bigint();
  const response = await fetch(`${gateway.url}${path}`, { headers: browser.headers });
  await response.json();
  if (response.status !== 200) throw new Error(`list: ${response.status}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} pages)`;
};

for (let i = 0; i < 20; i += 1) await page();
const quiet = [];
for (let i = 0; i < 200; i += 1) quiet.push(await page());

console.log(
  `load average at start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')} (${os.availableParallelism()} cores)`,
);
console.log(`list page, quiet service:            ${summary(quiet)}`);

if (only !== 'exports') {
  // Busy: 4 removals in flight; the browsing user keeps paging until every removal has answered.
  const t0 = Date.now();
  let finished = 0;
  const outcomes = assetIds.map((id, i) =>
    fetch(`${gateway.url}/api/assets/${id}/remove-background`, { method: 'POST', headers: workers[i].headers }).then(async (response) => {
      finished += 1;
      return `${response.status}`;
    }),
  );
  const busy = [];
  while (finished < REMOVALS) busy.push(await page());
  const statuses = await Promise.all(outcomes);
  const removalSeconds = (Date.now() - t0) / 1000;
  console.log(`list page, ${REMOVALS} background removals running: ${summary(busy)}`);
  console.log(`${REMOVALS} removals of 4500x5400 designs answered ${statuses.join(', ')} in ${removalSeconds.toFixed(1)} s`);
}

if (only !== 'removals') {
  // Busy: one user asks for 40 exports at once (each body read to the end); the browsing user keeps
  // paging until every download has answered, alternating the first page (cached by the gateway) with
  // a search the gateway has not seen (answered by the assets service each time: a cache miss).
  const t0 = Date.now();
  let finished = 0;
  const outcomes = exportIds.map((id) =>
    fetch(`${gateway.url}/api/download/${id}?preset=${EXPORT_PRESET}`, { headers: exporter.headers }).then(async (response) => {
      await response.arrayBuffer();
      finished += 1;
      return response.status;
    }),
  );
  const busy = [];
  const misses = [];
  for (let i = 0; finished < EXPORTS; i += 1) {
    busy.push(await page());
    misses.push(await page(`/api/assets?search=design+${i}`));
  }
  const statuses = await Promise.all(outcomes);
  const tally = new Map();
  for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
  const counts = [...tally].map(([status, count]) => `${count}× ${status}`);
  console.log(`list page, ${EXPORTS} preset downloads from one user: ${summary(busy)}`);
  console.log(`  uncached searches meanwhile:                 ${summary(misses)}`);
  console.log(
    `${EXPORTS} ${EXPORT_PRESET} exports of 4500x5400 designs answered ${counts.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

await nc.drain();
await gateway.close();
await assets.close();
await auth.close();
await nats.stop();
await database.drop();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
