#!/usr/bin/env node
// The request path as a signed-in seller feels it: GET /api/auth/me and GET /api/assets through the
// running system, next to a bare Node HTTP server answering the same JSON in the same run. Judged by:
// /me p50 ≤ 3× bare, /me throughput at 32 in flight ≥ ¼ of bare, /api/assets p50 ≤ 5× bare.
// After the warm-up both are the steady state of a signed-in user whose account and library did not
// change: the gateway's session, me-view and library-page caches answer them before the router
// (gateway/src/views/cached-view-fast-path.ts). The first request after any change goes
// gateway → NATS → auth/billing or assets → PostgreSQL; the bench also reports that path for
// /api/assets (informational), each request with a query parameter of its own, so no cached page fits.
//
// Usage: node gateway/bench/me-latency.mjs [baseUrl] [requests] [--beside-jobs]   (also `make bench`;
// skipped when nothing answers at baseUrl)
//   BENCH_DATABASE_URL (admin URL of the system's database, make dev's by default) lets the bench
//   create its own signed-in user; when it cannot, only the signed-out path is measured.
//   --beside-jobs: /me and the bare server, both at 32 in flight, while another seller generates jobs
//   back to back (each job's 4 designs, then their quality verdicts in the background): p50 of each,
//   measured in alternating rounds so both see the same load. Target: /me p50 ≤ 1.25× bare.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import pg from 'pg';
import { SAMPLE_GALLERY } from '@printloom/contracts';
import { storeSignedInUser } from '@printloom/service-kit/testing';

const [baseUrl = 'http://127.0.0.1:8080', countArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const count = Number(countArg ?? 1000);
const besideJobs = process.argv.includes('--beside-jobs');
// make dev's database unless told otherwise.
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/printloom';
const IN_FLIGHT = 32;
const LIBRARY_ROWS = 30;

function get(agent, url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      })
      .on('error', reject);
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** `url`: one URL, or the URL of the i-th request. */
async function latency(url, headers) {
  const urlOf = typeof url === 'function' ? url : () => url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 50; i += 1) await get(agent, urlOf(-1 - i), headers); // warm-up
  const samples = [];
  let status;
  for (let i = 0; i < count; i += 1) {
    const result = await get(agent, urlOf(i), headers);
    status = result.status;
    samples.push(result.ms);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { status, median: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
}

/** IN_FLIGHT requests always outstanding, over `total` requests: requests per second and each one's latency. */
async function inFlight(url, headers, total = count * 2) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => get(agent, url, headers))); // open the sockets
  let sent = 0;
  const samples = [];
  const started = process.hrtime.bigint();
  const lane = async () => {
    while (sent < total) {
      sent += 1;
      samples.push((await get(agent, url, headers)).ms);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { rps: total / seconds, samples };
}

const throughput = async (url, headers, total) => (await inFlight(url, headers, total)).rps;

/** A verified user with a live session, stored the way the auth service stores them: its id and session cookie. */
const signedInUser = (client) => storeSignedInUser((sql, values) => client.query(sql, values).then((result) => result.rows));

/**
 * The reader (a signed-in user with a full first page of its library) and, for --beside-jobs, a seller
 * with top-up credits (granted as billing grants them: a lot and its ledger entry, before the seller's
 * first request, so no cached view holds its old balance). Null when the database cannot be reached.
 */
async function benchUsers() {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const reader = await signedInUser(client);
    // A full first page of the library (rows only: the list never reads the files).
    await client.query(
      `INSERT INTO assets.assets (user_id, job_id, variant, prompt, width, height, original_size, etag, created_at, expires_at)
       SELECT $1, gen_random_uuid(), 'A', 'bench design ' || n, 4500, 5400, 1000000, 'bench', now() - make_interval(secs => n), now() + interval '30 days'
       FROM generate_series(1, $2::int) AS n`,
      [reader.userId, LIBRARY_ROWS],
    );
    if (!besideJobs) return { reader };
    const seller = await signedInUser(client);
    const { rows } = await client.query(
      `INSERT INTO billing.credit_lots (user_id, kind, source_ref, credits_granted, credits_remaining, expires_at)
       VALUES ($1, 'topup', $2, 1000, 1000, NULL) RETURNING id`,
      [seller.userId, `bench:${seller.userId}`],
    );
    await client.query(`INSERT INTO billing.ledger_entries (user_id, lot_id, kind, delta) VALUES ($1, $2, 'grant', 1000)`, [
      seller.userId,
      rows[0].id,
    ]);
    return { reader, seller };
  } finally {
    await client.end();
  }
}

async function api(method, route, cookie, body) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** What the seller types: the Examples page's sample prompts. */
const SELLER_PROMPTS = SAMPLE_GALLERY.map((sample) => sample.prompt);

/**
 * A seller clicking Generate again the moment the previous job's designs are there, until `stop()`,
 * which answers how many jobs ended (or throws the failed job's error).
 */
function sellerGenerating(cookie) {
  let stopped = false;
  let settled = false;
  let jobs = 0;
  let firstStarted;
  const started = new Promise((resolve) => (firstStarted = resolve));
  const done = (async () => {
    for (let index = 0; !stopped; index += 1) {
      const { jobId } = await api('POST', '/api/generate', cookie, {
        prompt: SELLER_PROMPTS[index % SELLER_PROMPTS.length],
        options: { transparent: true, dark: index % 2 === 1 },
      });
      firstStarted();
      for (;;) {
        const { job } = await api('GET', `/api/jobs/${jobId}`, cookie);
        if (job.status === 'failed') throw new Error(`a bench job failed: ${job.error}`);
        if (job.status === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      jobs += 1;
    }
    return jobs;
  })();
  done.catch(() => firstStarted()).finally(() => (settled = true));
  return {
    started,
    ended: () => jobs,
    /** False once the seller stopped on its own: a failed job (stop() throws it). */
    running: () => !settled,
    stop: async () => {
      stopped = true;
      return done;
    },
  };
}

/** The seller's jobs that must end while /me is measured, so that every phase of a job (drawing, storing, verdicts) is under it. */
const JOBS_BESIDE = 6;

/**
 * /me and the bare server at IN_FLIGHT each, in alternating rounds while a seller generates, until
 * JOBS_BESIDE jobs ended: the p50 of every request of each, and how many jobs ended meanwhile.
 */
async function besideJobsRun(reader, seller) {
  const url = `${baseUrl}/api/auth/me`;
  const headers = { cookie: reader.cookie };
  const sample = await get(new http.Agent(), url, headers);
  const bare = await bareServer(sample.status, sample.body);
  await latency(url, headers); // warm: the reader's session and view are cached, as a seller's are after the first page
  const me = [];
  const floor = [];
  let rounds = 0;
  let jobs;
  try {
    const generating = sellerGenerating(seller.cookie);
    await generating.started;
    for (; rounds < 6 || (generating.ended() < JOBS_BESIDE && generating.running()); rounds += 1) {
      me.push(...(await inFlight(url, headers, Math.ceil(count / 2))).samples);
      floor.push(...(await inFlight(bare.url, {}, Math.ceil(count / 2))).samples);
    }
    jobs = await generating.stop();
  } finally {
    bare.close();
  }
  me.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  const [meP50, bareP50] = [quantile(me, 0.5), quantile(floor, 0.5)];
  console.log(`GET /api/auth/me (signed in) beside a seller's jobs and their verdicts, ${IN_FLIGHT} in flight, ${rounds} rounds each`);
  console.log(`  Printloom:        p50 ${meP50.toFixed(2)} ms, p90 ${quantile(me, 0.9).toFixed(2)} ms (${me.length} requests)`);
  console.log(`  bare Node server: p50 ${bareP50.toFixed(2)} ms, p90 ${quantile(floor, 0.9).toFixed(2)} ms (${floor.length} requests)`);
  console.log(`  p50 ratio: ${(meP50 / bareP50).toFixed(2)}x (target ≤ 1.25x); ${jobs} jobs of 4 designs ended meanwhile`);
}

const BARE_SERVER = `
  const http = require('node:http');
  const status = Number(process.env.BARE_STATUS);
  const body = process.env.BARE_BODY;
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/**
 * A bare server answering `body` with `status` for every request: the floor of this machine. It runs
 * in a process of its own, as the gateway does; in the bench's own process a request would never cross
 * processes and the floor would leave out the wake-up every real server pays.
 */
async function bareServer(status, body) {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, BARE_STATUS: String(status), BARE_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout, 'data');
  return { url: `http://127.0.0.1:${String(line).trim()}/`, close: () => child.kill() };
}

async function compare(label, path, headers, withThroughput) {
  const url = `${baseUrl}${path}`;
  const sample = await get(new http.Agent(), url, headers);
  const bare = await bareServer(sample.status, sample.body);
  const system = await latency(url, headers);
  const baseline = await latency(bare.url);
  const result = { label, system, baseline, ratio: system.median / baseline.median };
  if (withThroughput) {
    result.systemRps = await throughput(url, headers);
    result.bareRps = await throughput(bare.url);
  }
  bare.close();
  return result;
}

const fmt = (r) => `median ${r.median.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (HTTP ${r.status})`;
function report(result, latencyTarget) {
  console.log(`${result.label} x${count}, sequential, keep-alive`);
  console.log(`  Printloom:                 ${fmt(result.system)}`);
  console.log(`  bare Node server, same JSON: ${fmt(result.baseline)}`);
  console.log(`  p50 ratio: ${result.ratio.toFixed(2)}x (target ≤ ${latencyTarget}x)`);
  if (result.systemRps !== undefined) {
    console.log(`  ${IN_FLIGHT} in flight: ${result.systemRps.toFixed(0)}/s vs bare ${result.bareRps.toFixed(0)}/s`);
    console.log(`  throughput ratio: ${(result.systemRps / result.bareRps).toFixed(3)} (target ≥ 0.25)`);
  }
}

const running = await get(new http.Agent(), `${baseUrl}/api/health`).catch(() => null);
if (!running) {
  console.log(`No Printloom at ${baseUrl}: start it first (make dev), then run this again. Skipped.`);
  process.exit(0);
}
const users = await benchUsers();
const cookie = users?.reader.cookie;
if (users?.seller) {
  await besideJobsRun(users.reader, users.seller);
} else if (besideJobs) {
  console.log(`Cannot reach ${databaseUrl} (BENCH_DATABASE_URL) to sign a seller in: --beside-jobs needs it. Skipped.`);
} else if (!cookie) {
  console.log(`Cannot reach ${databaseUrl} (BENCH_DATABASE_URL) to sign a user in: measuring the signed-out path only`);
  report(await compare('GET /api/auth/me (unknown session)', '/api/auth/me', { cookie: 'pl_session=bench-unknown-token' }, true), 3);
} else {
  report(await compare('GET /api/auth/me (signed in)', '/api/auth/me', { cookie }, true), 3);
  report(await compare('GET /api/assets (signed in, library list)', '/api/assets', { cookie }, false), 5);
  const uncached = await latency((i) => `${baseUrl}/api/assets?bench=${i}`, { cookie });
  console.log(`GET /api/assets, every request a cache miss (informational): ${fmt(uncached)}`);
}
