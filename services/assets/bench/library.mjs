#!/usr/bin/env node
// Asset library benchmark (not a test): 1,000,000 asset rows across 10,000 users, then the median and
// p99 latency of a first page, a deep cursor page and a search page through the gateway, and the
// ingest time of one 1024x1024 image (original + 2 derivatives). Built code, fresh database. The
// gateway's library page cache is off, so every page is a query at a million rows (a cached page
// is gateway/bench/me-latency.mjs's case).
//   npm run build && node services/assets/bench/library.mjs
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ASSETS } from '@printloom/contracts';
import { RpcClient, connectNats } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
import { createStorage, storageEnvSchema } from '@printloom/storage';
import { loadAuthConfig } from '../../auth/dist/config.js';
import { startAuthService } from '../../auth/dist/start.js';
import { loadAssetsConfig } from '../dist/config.js';
import { startAssetsService } from '../dist/start.js';
import { loadGatewayConfig } from '../../../gateway/dist/config.js';
import { startGateway } from '../../../gateway/dist/start.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const USERS = 10_000;
const nats = await startNatsServer();
const database = await createTestDatabase();
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-bench-assets-'));
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DIR: storageDir,
};
const auth = await startAuthService(loadAuthConfig(env));
const assets = await startAssetsService(loadAssetsConfig(env));
const gateway = await startGateway(loadGatewayConfig({ ...env, PORT: '0', HOST: '127.0.0.1', LIBRARY_CACHE_TTL_MS: '0' }));
const db = assets.infra.dataSource;

const words = [
  'cat',
  'retro',
  'sunset',
  'coffee',
  'mountain',
  'skull',
  'rocket',
  'nurse',
  'teacher',
  'fishing',
  'gym',
  'gaming',
  'birthday',
  'vintage',
  'kawaii',
  'neon',
];
let started = Date.now();
await db.query(`CREATE TEMP TABLE bench_users AS SELECT gen_random_uuid() AS id, n FROM generate_series(1, ${USERS}) n`);
await db.query(
  `INSERT INTO assets.assets (user_id, job_id, variant, kind, prompt, width, height, original_size, etag, created_at, expires_at)
   SELECT u.id, gen_random_uuid(), (ARRAY['A','B','C','D'])[1 + (g % 4)], 'generated',
     (ARRAY[${words.map((w) => `'${w}'`).join(',')}])[1 + (g % 16)] || ' ' || (ARRAY[${words.map((w) => `'${w}'`).join(',')}])[1 + ((g / 7) % 16)] || ' design number ' || g,
     4500, 5400, 1000000, md5(g::text), now() - (g || ' seconds')::interval, now() + interval '30 days'
   FROM generate_series(1, ${ROWS}) g JOIN bench_users u ON u.n = 1 + (g % ${USERS})`,
);
await db.query('ANALYZE assets.assets');
const seedSeconds = (Date.now() - started) / 1000;

// A signed-in heavy user: the one with the most rows.
const [{ user_id: userId }] = await db.query('SELECT user_id FROM assets.assets GROUP BY user_id ORDER BY count(*) DESC LIMIT 1');
const token = randomBytes(32).toString('base64url');
const authDb = auth.infra.dataSource;
await authDb.query(`INSERT INTO auth.users (id, email, verified_at) VALUES ($1, 'bench@example.com', now())`, [userId]);
await authDb.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
  userId,
  createHash('sha256').update(token).digest('hex'),
]);
const headers = { cookie: `pl_session=${token}` };
const get = async (url) => {
  const t0 = process.hrtime.bigint();
  const response = await fetch(`${gateway.url}${url}`, { headers });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, body };
};
async function measure(url, count = 200) {
  for (let i = 0; i < 20; i += 1) await get(url);
  const samples = [];
  for (let i = 0; i < count; i += 1) samples.push((await get(url)).ms);
  samples.sort((a, b) => a - b);
  return `median ${samples[Math.floor(count / 2)].toFixed(1)} ms, p99 ${samples[Math.floor(count * 0.99)].toFixed(1)} ms`;
}
let cursor = null;
for (let page = 0; page < 3; page += 1) cursor = (await get(`/api/assets${cursor ? `?cursor=${cursor}` : ''}`)).body.nextCursor;
const [{ c }] = await db.query('SELECT count(*)::int AS c FROM assets.assets WHERE user_id = $1', [userId]);

const first = await measure('/api/assets');
const deep = await measure(`/api/assets?cursor=${cursor}`);
const search = await measure('/api/assets?search=sunset%20coffee');
const globalSearch = await measure('/api/assets?search=number%2077');

// Ingest of one 1024x1024 design: original + thumbnail + preview.
const storage = createStorage(storageEnvSchema.parse(env));
const nc = await connectNats(nats.url, 'bench');
const rpc = new RpcClient(nc, 60_000);
const png = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="400" fill="#e63946"/></svg>',
      ),
    },
  ])
  .png()
  .toBuffer();
const ingestTimes = [];
for (let i = 0; i < 10; i += 1) {
  const jobId = randomUUID();
  await storage.put(`jobs/${jobId}/A.png`, png, 'image/png');
  started = Date.now();
  await rpc.request(ASSETS.ingest, { userId, jobId, prompt: 'bench ingest', images: [{ variant: 'A', key: `jobs/${jobId}/A.png` }] });
  ingestTimes.push(Date.now() - started);
}
ingestTimes.sort((a, b) => a - b);

console.log(
  `${ROWS.toLocaleString('en-US')} asset rows across ${USERS.toLocaleString('en-US')} users seeded in ${seedSeconds.toFixed(0)} s; measured user has ${c} rows`,
);
console.log(`first page:            ${first}`);
console.log(`deep cursor page (4th): ${deep}`);
console.log(`search "sunset coffee": ${search}`);
console.log(`search "number 77":     ${globalSearch}`);
console.log(`ingest of one 1024x1024 PNG (original + 2 WebP derivatives), median of 10: ${ingestTimes[5]} ms`);

await nc.drain();
await gateway.close();
await assets.close();
await auth.close();
await nats.stop();
await database.drop();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
