#!/usr/bin/env node
// Start-up as a developer feels it: `make dev` (scripts/dev.mjs, with its install check and incremental
// build) on this built tree, timed from the command to the moment a signed-in seller's GET /api/auth/me
// answers 200 with fresh credits (gateway, auth and billing all up) and the SPA answers; the moment
// dev.mjs reports every service ready is reported beside it. Judged by: the median of the warm starts
// (unchanged tree, existing database) ≤ 5 s. The first start (a new database: every migration runs) is
// reported too.
//
// Usage: node scripts/bench-startup.mjs [warm starts, default 3]   (also `make bench`). Needs PostgreSQL
// at DATABASE_ADMIN_URL (the machine's by default); uses its own NATS server, ports, storage folder and
// database, dropped after. BENCH_STARTUP_BASELINE=<another dev script in this tree> (e.g. main's
// scripts/dev.mjs saved as scripts/dev-baseline.mjs) times it too, its warm starts alternating with
// this tree's, for before/after figures from one run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { storeSignedInUser } from '@printloom/service-kit/testing';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_SECONDS = 5;
const WARM_STARTS = Number(process.argv[2] ?? 3);
const database = `printloom_startup_bench_${process.pid}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${database}`;

async function admin(sql, params = [], url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** A verified user with a live session in the bench's database, stored the way the auth service stores them. */
async function signedInCookie() {
  const query = async (sql, values) => (await admin(sql, values, databaseUrl.href)).rows;
  return (await storeSignedInUser(query, { email: `startup-bench-${randomBytes(6).toString('hex')}@example.com` })).cookie;
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** /api/auth/me as the signed-in seller sees it: the user, with credits billing just answered. */
async function meAnswers(url, cookie) {
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) return false;
    const body = await response.json();
    return Boolean(body.user) && body.creditsStale !== true;
  } catch {
    return false;
  }
}

/**
 * Starts the system, waits until / and /api/health (or, with a cookie, a signed-in /api/auth/me) answer
 * and dev.mjs reports every service ready, stops it; the seconds each took.
 */
async function timedStart(storageDir, cookie, script = 'scripts/dev.mjs') {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
  const child = spawn(process.execPath, [script, '--isolated', '--quiet'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      MAIL_SMTP_PORT: String(await freePort()),
      MAIL_WEB_PORT: String(await freePort()),
      DATABASE_URL: databaseUrl.href,
      STORAGE_DIR: storageDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let allReady;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (allReady === undefined && /^\[printloom\] ready in /.test(line)) allReady = elapsed();
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let failed = false;
  void exited.then(() => (failed = true));
  const base = `http://127.0.0.1:${port}`;
  const firstAnswer = cookie
    ? async () => (await meAnswers(`${base}/api/auth/me`, cookie)) && (await answers(`${base}/`))
    : async () => (await answers(`${base}/api/health`)) && (await answers(`${base}/`));
  try {
    let answered;
    while (answered === undefined || allReady === undefined) {
      if (failed) throw new Error('scripts/dev.mjs exited before the system answered');
      if (elapsed() > 300) throw new Error('the system did not answer within 300 s');
      if (answered === undefined && (await firstAnswer())) answered = elapsed();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { answered, allReady };
  } finally {
    if (!failed) process.kill(-child.pid, 'SIGINT');
    await exited;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-startup-bench-'));
try {
  const first = await timedStart(storageDir);
  const cookie = await signedInCookie();
  const baseline = process.env.BENCH_STARTUP_BASELINE;
  const warm = [];
  const warmBaseline = [];
  for (let i = 0; i < WARM_STARTS; i += 1) {
    if (baseline) warmBaseline.push(await timedStart(storageDir, cookie, baseline));
    warm.push(await timedStart(storageDir, cookie));
  }
  console.log('make dev (scripts/dev.mjs --isolated --quiet)');
  console.log(
    `  first start, new database (every migration): / and /api/health ${first.answered.toFixed(1)} s, every service ready ${first.allReady.toFixed(1)} s (informational)`,
  );
  const report = (label, starts) => {
    const list = (key) => starts.map((start) => start[key].toFixed(1)).join(', ');
    const answered = median(starts.map((start) => start.answered));
    console.log(`  ${label}: unchanged tree, existing database, ${starts.length} starts:`);
    console.log(
      `    signed-in /api/auth/me (fresh credits) and / answer: median ${answered.toFixed(1)} s (${list('answered')}) (target ≤ ${TARGET_SECONDS} s)`,
    );
    console.log(
      `    every service ready:                                median ${median(starts.map((start) => start.allReady)).toFixed(1)} s (${list('allReady')}) (informational)`,
    );
    console.log(`    ratio to target: ${(answered / TARGET_SECONDS).toFixed(2)}`);
    return answered;
  };
  const answered = report('scripts/dev.mjs', warm);
  if (baseline)
    console.log(`  ${baseline} → scripts/dev.mjs: ${(report(baseline, warmBaseline) / answered).toFixed(2)}x faster to /api/auth/me`);
} finally {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  rmSync(storageDir, { recursive: true, force: true });
}
