#!/usr/bin/env node
// Start-up as a developer feels it: `make dev` (scripts/dev.mjs, with its install check and incremental
// build) on this built tree, timed from the command to the moment the SPA and /api both answer.
// Judged by: the second start, on an unchanged tree and an existing database, ≤ 20 s. The first start
// (on a new database: every migration runs) is reported too.
//
// Usage: node scripts/bench-startup.mjs   (also `make bench`). Needs PostgreSQL at DATABASE_ADMIN_URL
// (the machine's by default); uses its own NATS server, ports, storage folder and database, dropped after.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_SECONDS = 20;
const database = `printloom_startup_bench_${process.pid}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Starts the system, waits until / and /api/health answer, stops it; the seconds it took to answer. */
async function timedStart(storageDir) {
  const port = await freePort();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['scripts/dev.mjs', '--isolated', '--quiet'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      MAIL_SMTP_PORT: String(await freePort()),
      MAIL_WEB_PORT: String(await freePort()),
      DATABASE_URL: databaseUrl.href,
      STORAGE_DIR: storageDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let failed = false;
  void exited.then(() => (failed = true));
  const base = `http://127.0.0.1:${port}`;
  try {
    while (!((await answers(`${base}/api/health`)) && (await answers(`${base}/`)))) {
      if (failed) throw new Error('scripts/dev.mjs exited before the system answered');
      if (Number(process.hrtime.bigint() - started) / 1e9 > 300) throw new Error('the system did not answer within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    if (!failed) process.kill(-child.pid, 'SIGINT');
    await exited;
  }
}

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-startup-bench-'));
try {
  const first = await timedStart(storageDir);
  const second = await timedStart(storageDir);
  console.log('make dev (scripts/dev.mjs --isolated --quiet) until / and /api/health answer');
  console.log(`  first start, new database (every migration): ${first.toFixed(1)} s (informational)`);
  console.log(`  unchanged tree, existing database:            ${second.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s)`);
  console.log(`  ratio to target: ${(second / TARGET_SECONDS).toFixed(2)}`);
} finally {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  rmSync(storageDir, { recursive: true, force: true });
}
