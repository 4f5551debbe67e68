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
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { sleep, startBenchSystem } from './bench-system.mjs';

const TARGET_MS = 2_000;
const designs = Number(process.argv[2] ?? 800);
const SERVICE_SUBJECT = /^(auth|billing|generation|assets|listings|publishing|notifications)\./;
/** The bench's own polling through the gateway (its session, the list of publications): not the drafts' cost. */
const POLLING = new Set(['auth.session.resolve', 'publishing.publication.list']);

const system = await startBenchSystem({ name: 'collection', mockupPollMs: 1_000 });
const { api, nats } = system;
const [, , assetsDb, generationDb] = system.services.map((service) => service.infra.dataSource);

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
  const userId = await system.signInProSeller(`collection-bench-${Date.now()}@example.com`);

  // 2. One job's apparel designs drafted for real, every NATS request counted.
  const { jobId } = await api('POST', '/api/generate', { prompt: "a retro sunset, 'Stay Golden' in bold letters" });
  await system.waitForJob(jobId);
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
  const batchId = await seedCollection(userId, designs);
  // Its designs predate `batch_id`: the first selection backfills them from generation, once.
  const ask = async (subject, data) => {
    const begun = performance.now();
    const reply = await tap.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout: 30_000 });
    const { response, err } = JSON.parse(new TextDecoder().decode(reply.data));
    if (err) throw new Error(`${subject}: ${JSON.stringify(err)}`);
    return { ms: performance.now() - begun, designs: response.designs.length };
  };
  const resolveOnce = (batch) => ask('assets.selection.resolve', { userId: userId, batchId: batch });
  if (process.env.BENCH_RESOLVE !== 'off') {
    const backfillBatch = await seedCollection(userId, designs);
    const membership = await ask('generation.batch.membership', { userId: userId, batchId: backfillBatch });
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
  await system.close();
}
