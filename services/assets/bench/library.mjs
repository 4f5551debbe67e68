#!/usr/bin/env node
// Asset library benchmark (not a test): 1,000,000 asset rows, 100,000 of them one seller's (a seller
// who works in collections) and the rest across 10,000 users, every row with a quality verdict; then
// the median and p99 latency of a first page, a deep cursor page and searches through the gateway,
// for the big seller and for a typical one, and the ingest time of one 1024x1024 image (original + 2
// derivatives). Built code, fresh database. The gateway's library page cache is off, so every page is
// a query at a million rows (a cached page is gateway/bench/me-latency.mjs's case). Budget: p99 ≤ 25 ms.
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
  // The seeded rows have their verdicts (and no files): nothing to measure in the background.
  ASSET_QUALITY_VERDICTS: 'false',
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
const wordList = `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;
// A typical verdict as the library answer carries it (one check failed on every eighth design).
const verdict = (ok) =>
  JSON.stringify({
    ok,
    checks: [
      { name: 'legibility', ok, detail: ok ? 'All 2 text lines read back' : '“Reel” reads as “Ree!”' },
      { name: 'contrast', ok: true, detail: '81% of the ink stands out on a white garment' },
      { name: 'margin', ok: true, detail: 'Nothing within the 2% margin' },
      { name: 'transparency', ok: true, detail: 'Transparent background' },
    ],
  });
await db.query(`CREATE TEMP TABLE bench_users AS SELECT gen_random_uuid() AS id, n FROM generate_series(0, ${USERS}) n`);
// User 0 is the big seller: rows g ≡ 0 (mod 10); the others share the rest. The search index takes the
// bulk through its pending list (a row at a time would take minutes), merged by the VACUUM below, then
// is set back to how the migration made it.
await db.query('ALTER INDEX assets.assets_user_prompt_trgm_idx SET (fastupdate = on)');
await db.query(
  `INSERT INTO assets.assets (user_id, job_id, variant, kind, prompt, width, height, original_size, etag, created_at, expires_at, quality)
   SELECT u.id, gen_random_uuid(), (ARRAY['A','B','C','D'])[1 + (g % 4)], 'generated',
     (${wordList})[1 + (g % 16)] || ' ' || (${wordList})[1 + ((g / 7) % 16)] || ' design number ' || g,
     4500, 5400, 1000000, md5(g::text), now() - (g || ' seconds')::interval, now() + interval '30 days',
     CASE WHEN g % 8 = 3 THEN $2::jsonb ELSE $1::jsonb END
   FROM generate_series(1, ${ROWS}) g
   JOIN bench_users u ON u.n = CASE WHEN g % 10 = 0 THEN 0 ELSE 1 + (g % ${USERS}) END`,
  [verdict(true), verdict(false)],
);
await db.query('ALTER INDEX assets.assets_user_prompt_trgm_idx SET (fastupdate = off)');
await db.query('VACUUM ANALYZE assets.assets');
const seedSeconds = (Date.now() - started) / 1000;

/** A signed-in session for a user (auth's rows written directly). */
async function signIn(userId, email) {
  const token = randomBytes(32).toString('base64url');
  const authDb = auth.infra.dataSource;
  await authDb.query(`INSERT INTO auth.users (id, email, verified_at) VALUES ($1, $2, now())`, [userId, email]);
  await authDb.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    userId,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return { cookie: `pl_session=${token}` };
}
const get = async (headers, url) => {
  const t0 = process.hrtime.bigint();
  const response = await fetch(`${gateway.url}${url}`, { headers });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, body };
};
const p99s = [];
async function measure(headers, url, count = 200) {
  let assets = 0;
  for (let i = 0; i < 20; i += 1) assets = (await get(headers, url)).body.assets.length;
  const samples = [];
  for (let i = 0; i < count; i += 1) samples.push((await get(headers, url)).ms);
  samples.sort((a, b) => a - b);
  const p99 = samples[Math.floor(count * 0.99)];
  p99s.push(p99);
  return `median ${samples[Math.floor(count / 2)].toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${assets} designs)`;
}
const countOf = async (userId) => (await db.query('SELECT count(*)::int AS c FROM assets.assets WHERE user_id = $1', [userId]))[0].c;
/** The cursor after the row at `offset` of the user's library, newest first (as a page would hand it out). */
async function cursorAt(userId, offset) {
  const [row] = await db.query(
    `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts FROM assets.assets
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [userId, offset],
  );
  return Buffer.from(`${row.ts}|${row.id}`).toString('base64url');
}

const [{ id: bigSeller }] = await db.query('SELECT id FROM bench_users WHERE n = 0');
// A typical seller: the one with the most rows among the others (about 90).
const [{ user_id: userId }] = await db.query(
  'SELECT user_id FROM assets.assets WHERE user_id <> $1 GROUP BY user_id ORDER BY count(*) DESC LIMIT 1',
  [bigSeller],
);
const big = await signIn(bigSeller, 'big-seller@example.com');
const headers = await signIn(userId, 'bench@example.com');
let cursor = null;
for (let page = 0; page < 3; page += 1) cursor = (await get(headers, `/api/assets${cursor ? `?cursor=${cursor}` : ''}`)).body.nextCursor;
const c = await countOf(userId);
const bigCount = await countOf(bigSeller);

const bigFirst = await measure(big, '/api/assets');
const bigDeep = await measure(big, `/api/assets?cursor=${await cursorAt(bigSeller, Math.floor(bigCount / 2))}`);
const bigSearch = await measure(big, '/api/assets?search=sunset%20coffee');
const bigRareSearch = await measure(big, '/api/assets?search=number%20777');
const bigMissSearch = await measure(big, '/api/assets?search=zebra');
const bigDeepSearch = await measure(big, `/api/assets?search=sunset&cursor=${await cursorAt(bigSeller, Math.floor((bigCount * 9) / 10))}`);

const first = await measure(headers, '/api/assets');
const deep = await measure(headers, `/api/assets?cursor=${cursor}`);
const search = await measure(headers, '/api/assets?search=sunset%20coffee');
const globalSearch = await measure(headers, '/api/assets?search=number%2077');

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
  `${ROWS.toLocaleString('en-US')} asset rows seeded in ${seedSeconds.toFixed(0)} s: one seller with ${bigCount.toLocaleString('en-US')}, the rest across ${USERS.toLocaleString('en-US')} users`,
);
console.log(`the seller with ${bigCount.toLocaleString('en-US')} designs:`);
console.log(`  first page:                         ${bigFirst}`);
console.log(`  deep cursor page (half way down):   ${bigDeep}`);
console.log(`  search "sunset coffee":             ${bigSearch}`);
console.log(`  search "number 777" (rare):         ${bigRareSearch}`);
console.log(`  search "zebra" (no match):          ${bigMissSearch}`);
console.log(`  search "sunset", 90% of the way:    ${bigDeepSearch}`);
console.log(`a typical seller with ${c} designs:`);
console.log(`  first page:            ${first}`);
console.log(`  deep cursor page (4th): ${deep}`);
console.log(`  search "sunset coffee": ${search}`);
console.log(`  search "number 77":     ${globalSearch}`);
console.log(`slowest p99: ${Math.max(...p99s).toFixed(1)} ms (budget 25 ms)`);
console.log(`ingest of one 1024x1024 PNG (original + 2 WebP derivatives), median of 10: ${ingestTimes[5]} ms`);

await nc.drain();
await gateway.close();
await assets.close();
await auth.close();
await nats.stop();
await database.drop();
rmSync(storageDir, { recursive: true, force: true });
process.exit(0);
