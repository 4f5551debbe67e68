#!/usr/bin/env node
// Drafts of a whole collection (not a test), two figures:
// 1. `POST /api/publications {batchId}` for a collection of 800 designs (200 rows of 4, written straight
//    into generation's and assets' tables: no pixels, the request only reads rows): its time (target
//    ≤ 2 s with every publication queued) and the NATS requests it sent, per design.
// 2. The NATS requests of one draft from start to end: a real job's 3 apparel designs (the local engine,
//    print size) sent to the local Printify-shaped shop, from the request to their mockups kept in the
//    library, counted by subject and divided by the drafts.
// NATS requests are every message on a `<service>.…` subject that waits for a reply (events and the
// JetStream work queue's messages are counted apart, JetStream's own API not at all; the bench's own
// polling is left out). The queue's workers start
// drafting while the collection's request runs: their requests are counted in its window too, by subject. The services run in this process against a fresh database
// and nats-server, as the integration tests run them.
//   npm run build && node services/publishing/bench/collection-drafts.mjs [designs]
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, provisionTestServiceRoles, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
import { loadAuthConfig } from '../../auth/dist/config.js';
import { startAuthService } from '../../auth/dist/start.js';
import { loadBillingConfig } from '../../billing/dist/config.js';
import { startBillingService } from '../../billing/dist/start.js';
import { loadAssetsConfig } from '../../assets/dist/config.js';
import { startAssetsService } from '../../assets/dist/start.js';
import { loadGenerationConfig } from '../../generation/dist/config.js';
import { startGenerationService } from '../../generation/dist/start.js';
import { loadListingsConfig } from '../../listings/dist/config.js';
import { startListingsService } from '../../listings/dist/start.js';
import { loadPublishingConfig } from '../dist/config.js';
import { startPublishingService } from '../dist/start.js';
import { startLocalShop } from '../dist/local-shop/local-shop.js';
import { loadGatewayConfig } from '../../../gateway/dist/config.js';
import { startGateway } from '../../../gateway/dist/start.js';

const TARGET_MS = 2_000;
const designs = Number(process.argv[2] ?? 800);
const ORIGIN = 'http://localhost:8080';
const SERVICE_SUBJECT = /^(auth|billing|generation|assets|listings|publishing|notifications)\./;
/** The bench's own polling through the gateway (its session, the list of publications): not the drafts' cost. */
const POLLING = new Set(['auth.session.resolve', 'publishing.publication.list']);

const nats = await startNatsServer();
const database = await createTestDatabase();
const urls = await provisionTestServiceRoles(database);
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-collection-bench-'));
const shop = await startLocalShop({ mockupDelayMs: 500 });
const env = {
  ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
  STORAGE_DRIVER: 'fs',
  STORAGE_DIR: storageDir,
  LOCAL_RENDER_SCALE: '1',
  GENERATION_CONCURRENCY: '2',
  PRINTIFY_API_BASE: shop.apiBase,
  LOCAL_SHOP: 'true',
  MOCKUP_POLL_MS: '1000',
};
const as = (name) => ({ ...env, DATABASE_URL: urls[name] });
const services = [
  await startAuthService(loadAuthConfig(as('auth'))),
  await startBillingService(loadBillingConfig(as('billing'))),
  await startAssetsService(loadAssetsConfig(as('assets'))),
  await startGenerationService(loadGenerationConfig(as('generation'))),
  await startListingsService(loadListingsConfig(as('listings'))),
];
const gateway = await startGateway(loadGatewayConfig({ ...env, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: ORIGIN }));
services.push(await startPublishingService(loadPublishingConfig({ ...as('publishing'), PUBLIC_URL: gateway.url })));
const [authDb, , assetsDb, generationDb] = services.map((service) => service.infra.dataSource);

// Every message on the bus, counted by subject while `counting` is on.
const tap = await connect({ servers: nats.url });
let counting = null;
tap.subscribe('>', {
  callback: (_error, message) => {
    if (!counting || message.subject.startsWith('_INBOX.')) return;
    if (POLLING.has(message.subject) || message.subject.startsWith('$JS.')) return;
    const kind = SERVICE_SUBJECT.test(message.subject) && message.reply ? 'requests' : 'other';
    counting[kind][message.subject] = (counting[kind][message.subject] ?? 0) + 1;
  },
});
const startCounting = () => (counting = { requests: {}, other: {} });
const stopCounting = async () => {
  await tap.flush();
  const counted = counting;
  counting = null;
  return counted;
};
const total = (bySubject) => Object.values(bySubject).reduce((sum, count) => sum + count, 0);

let cookie = '';
async function api(method, url, body) {
  const response = await fetch(`${gateway.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), origin: ORIGIN, cookie },
    body: body ? JSON.stringify(body) : undefined,
  });
  for (const line of response.headers.getSetCookie()) cookie = line.split(';')[0];
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : {};
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A finished collection of `count` designs, 4 per row, as generation and assets keep one (each design checked already). */
async function seedCollection(userId, count) {
  const batchId = randomUUID();
  await generationDb.query(
    `INSERT INTO generation.batches (id, user_id, source, reservation_id, status, reservation_settled, finished_at)
     VALUES ($1, $2, 'csv', $3, 'finished', true, now())`,
    [batchId, userId, randomUUID()],
  );
  const rows = Math.ceil(count / 4);
  for (let position = 1; position <= rows; position += 1) {
    const rowId = randomUUID();
    const jobId = randomUUID();
    const variants = ['A', 'B', 'C', 'D'].slice(0, Math.min(4, count - (position - 1) * 4));
    const assetIds = variants.map(() => randomUUID());
    const prompt = `a retro sunset number ${position}, 'Stay Golden' in bold letters`;
    await generationDb.query(
      `INSERT INTO generation.batch_rows (id, batch_id, user_id, position, prompt, job_id, status, fed_at) VALUES ($1, $2, $3, $4, $5, $6, 'fed', now())`,
      [rowId, batchId, userId, position, prompt, jobId],
    );
    await generationDb.query(
      `INSERT INTO generation.jobs (id, user_id, prompt, status, asset_ids, batch_row_id, finished_at) VALUES ($1, $2, $3, 'succeeded', $4::uuid[], $5, now())`,
      [jobId, userId, prompt, assetIds, rowId],
    );
    await assetsDb.query(
      `INSERT INTO assets.assets (id, user_id, job_id, variant, prompt, width, height, original_size, etag, expires_at, quality)
       SELECT t.id, $1, $2, t.variant, $3, 4500, 5400, 1000, 'bench', now() + interval '30 days', '{"ok": true, "checks": []}'::jsonb
       FROM unnest($4::uuid[], $5::text[]) AS t(id, variant)`,
      [userId, jobId, prompt, assetIds, variants],
    );
  }
  return batchId;
}

try {
  // A seller on the Pro plan (the local checkout), through the API.
  const [user] = await authDb.query(`INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, NULL, now()) RETURNING id`, [
    `collection-bench-${Date.now()}@example.com`,
  ]);
  const token = randomBytes(32).toString('base64url');
  await authDb.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    user.id,
    createHash('sha256').update(token).digest('hex'),
  ]);
  cookie = `pl_session=${token}`;
  const checkout = await api('POST', '/api/stripe/checkout', { planId: 'pro' });
  await api('POST', `/api/checkout/local/${checkout.url.split('/').pop()}`, { action: 'pay' });

  // 2. One job's apparel designs drafted for real, every NATS request counted.
  const { jobId } = await api('POST', '/api/generate', { prompt: "a retro sunset, 'Stay Golden' in bold letters" });
  for (;;) {
    const { job } = await api('GET', `/api/jobs/${jobId}`);
    if (job.status === 'succeeded') break;
    if (job.status === 'failed') throw new Error(`job ${jobId} failed`);
    if (process.env.BENCH_DEBUG) console.log(JSON.stringify(job).slice(0, 300));
    await sleep(500);
  }
  const { assets } = await api('GET', '/api/assets');
  const drafted = assets.filter((asset) => asset.variant !== 'C').map((asset) => asset.id);
  startCounting();
  await api('POST', '/api/publications', { assetIds: drafted, templateId: 'tee', target: 'printify' });
  for (;;) {
    const { publications } = await api('GET', '/api/publications');
    const failed = publications.find((publication) => publication.status === 'failed');
    if (failed) throw new Error(`failed: ${JSON.stringify(failed.error)}`);
    if (publications.length === drafted.length && publications.every((publication) => publication.mockups.length > 0)) break;
    if (process.env.BENCH_DEBUG) console.log(publications.map((publication) => publication.status).join(' '));
    await sleep(250);
  }
  await sleep(1_000); // the last mockups' messages to assets
  const oneDraft = await stopCounting();

  // 1. The whole collection in one request.
  const batchId = await seedCollection(user.id, designs);
  // Its designs predate `batch_id`: the first selection backfills them from generation, once.
  const ask = async (subject, data) => {
    const begun = performance.now();
    const reply = await tap.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout: 30_000 });
    const { response, err } = JSON.parse(new TextDecoder().decode(reply.data));
    if (err) throw new Error(`${subject}: ${JSON.stringify(err)}`);
    return { ms: performance.now() - begun, designs: response.designs.length };
  };
  const resolveOnce = (batch) => ask('assets.selection.resolve', { userId: user.id, batchId: batch });
  if (process.env.BENCH_RESOLVE !== 'off') {
    const backfillBatch = await seedCollection(user.id, designs);
    const membership = await ask('generation.batch.membership', { userId: user.id, batchId: backfillBatch });
    console.log(`  generation.batch.membership alone: ${membership.ms.toFixed(0)} ms (${membership.designs} designs)`);
    const cold = await resolveOnce(backfillBatch);
    const warm = await resolveOnce(backfillBatch);
    console.log(
      `assets.selection.resolve {batchId} of ${designs} designs: ${cold.ms.toFixed(0)} ms the first time (backfill from generation), ${warm.ms.toFixed(0)} ms after (${warm.designs} designs)`,
    );
  }
  startCounting();
  const started = performance.now();
  const answer = await api('POST', '/api/publications', { batchId, templateId: 'tee', target: 'printify' }).catch((error) => error);
  const elapsed = performance.now() - started;
  if (answer instanceof Error) console.log(`POST /api/publications {batchId} failed after ${elapsed.toFixed(0)} ms: ${answer.message}`);
  const publications = answer instanceof Error ? [] : answer.publications;
  const collection = await stopCounting();
  const queued = publications.filter((publication) => publication.status === 'queued').length;

  const perDraft = total(oneDraft.requests) / drafted.length;
  console.log(
    `POST /api/publications {batchId} for ${designs} designs: ${elapsed.toFixed(0)} ms, ${queued} publications queued (target ≤ ${TARGET_MS} ms, all queued)`,
  );
  console.log(
    `  NATS requests in that request: ${total(collection.requests)} (${(total(collection.requests) / designs).toFixed(3)} per design) ${JSON.stringify(collection.requests)}`,
  );
  console.log(
    `One draft, from the request to its mockups kept: ${perDraft.toFixed(2)} NATS requests (${drafted.length} drafts) ${JSON.stringify(oneDraft.requests)}`,
  );
  const toAssets = Object.entries(oneDraft.requests)
    .filter(([subject]) => subject.startsWith('assets.'))
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(`  of which to assets: ${(toAssets / drafted.length).toFixed(2)}; other messages: ${JSON.stringify(oneDraft.other)}`);
  process.exitCode = elapsed <= TARGET_MS && queued === designs ? 0 : 1;
} finally {
  await tap.close();
  await gateway.close();
  for (const service of services.reverse()) await service.close();
  await shop.close();
  await nats.stop();
  await database.drop();
  rmSync(storageDir, { recursive: true, force: true });
}
