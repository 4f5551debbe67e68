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
// Usage: node gateway/bench/me-latency.mjs [baseUrl] [requests]   (also `make bench`; skipped when
// nothing answers at baseUrl)
//   BENCH_DATABASE_URL (admin URL of the system's database, make dev's by default) lets the bench
//   create its own signed-in user; when it cannot, only the signed-out path is measured.
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import pg from 'pg';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
const count = Number(process.argv[3] ?? 1000);
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
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { status, median: at(0.5), p99: at(0.99) };
}

/** Requests per second with IN_FLIGHT requests always outstanding, over `total` requests. */
async function throughput(url, headers, total = count * 2) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => get(agent, url, headers))); // open the sockets
  let sent = 0;
  const started = process.hrtime.bigint();
  const lane = async () => {
    while (sent < total) {
      sent += 1;
      await get(agent, url, headers);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return total / seconds;
}

/** A verified user with a live session, stored the way the auth service stores them. */
async function signedInCookie() {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
    const { rows } = await client.query(
      `INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, NULL, now()) RETURNING id`,
      [email],
    );
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await client.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      rows[0].id,
      tokenHash,
    ]);
    // A full first page of the library (rows only: the list never reads the files).
    await client.query(
      `INSERT INTO assets.assets (user_id, job_id, variant, prompt, width, height, original_size, etag, created_at, expires_at)
       SELECT $1, gen_random_uuid(), 'A', 'bench design ' || n, 4500, 5400, 1000000, 'bench', now() - make_interval(secs => n), now() + interval '30 days'
       FROM generate_series(1, $2::int) AS n`,
      [rows[0].id, LIBRARY_ROWS],
    );
    return `pl_session=${token}`;
  } finally {
    await client.end();
  }
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
const cookie = await signedInCookie();
if (!cookie) {
  console.log(`Cannot reach ${databaseUrl} (BENCH_DATABASE_URL) to sign a user in: measuring the signed-out path only`);
  report(await compare('GET /api/auth/me (unknown session)', '/api/auth/me', { cookie: 'pl_session=bench-unknown-token' }, true), 3);
} else {
  report(await compare('GET /api/auth/me (signed in)', '/api/auth/me', { cookie }, true), 3);
  report(await compare('GET /api/assets (signed in, library list)', '/api/assets', { cookie }, false), 5);
  const uncached = await latency((i) => `${baseUrl}/api/assets?bench=${i}`, { cookie });
  console.log(`GET /api/assets, every request a cache miss (informational): ${fmt(uncached)}`);
}
