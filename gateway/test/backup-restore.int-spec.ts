import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

import { serviceDatabaseUrl, type RunningService } from '@printloom/service-kit';
import { adminDatabaseUrl, waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('backup and restore drill (real PostgreSQL, pg_dump/pg_restore, storage folder)', () => {
  let system: TestSystem;
  let worker: RunningService;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'pl-backup-'));
  const restoredName = `pl_restore_${Date.now().toString(36)}`;
  const restoredUrl = (() => {
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${restoredName}`;
    return url.toString();
  })();

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    worker = await startGenerationService(loadGenerationConfig({ ...system.env, LOCAL_RENDER_SCALE: '0.05' }));
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await system?.close();
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    await admin.end();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('dumps the database and mirrors storage, then restores both elsewhere with the same rows and files', async () => {
    const { client } = await createSignedInUser(system, 'backup@example.com', { trialCredits: true });
    const { body } = await client.post<{ jobId: string }>('/api/generate', { prompt: "a fox in a canoe, 'Paddle On'" });
    await waitFor(async () => (await client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded', {
      timeoutMs: 20_000,
      what: 'job succeeded',
    });
    expect(await count(system.database.url, 'assets.assets')).toBe(4);

    const backupDir = path.join(scratch, 'backup');
    const restoredStorage = path.join(scratch, 'restored-storage');
    const source = { ...process.env, DATABASE_URL: system.database.url, STORAGE_DRIVER: 'fs', STORAGE_DIR: system.env.STORAGE_DIR };
    const created = await run(process.execPath, ['scripts/backup.mjs', 'create', backupDir], { cwd: repoRoot, env: source });
    expect(created.stdout).toMatch(/backup in .*: \d+ tables, \d+ rows, \d+ files/);

    const target = { ...process.env, DATABASE_URL: restoredUrl, STORAGE_DRIVER: 'fs', STORAGE_DIR: restoredStorage };
    const restored = await run(process.execPath, ['scripts/backup.mjs', 'restore', backupDir], { cwd: repoRoot, env: target });
    expect(restored.stdout).toMatch(/matching the backup/);

    for (const table of [
      'auth.users',
      'auth.sessions',
      'billing.ledger_entries',
      'billing.reservations',
      'generation.jobs',
      'assets.assets',
    ]) {
      expect({ table, rows: await count(restoredUrl, table) }).toEqual({ table, rows: await count(system.database.url, table) });
    }
    const originalFiles = filesUnder(system.env.STORAGE_DIR);
    expect(originalFiles.length).toBeGreaterThanOrEqual(4);
    expect(filesUnder(restoredStorage)).toEqual(originalFiles);
    // The services' roles own their restored schemas again: assets reads its own rows, not billing's.
    expect(await count(serviceDatabaseUrl(restoredUrl, 'assets'), 'assets.assets')).toBe(4);
    await expect(count(serviceDatabaseUrl(restoredUrl, 'assets'), 'billing.ledger_entries')).rejects.toMatchObject({ code: '42501' });

    // Never into a storage folder holding files (and then no database is created either).
    const otherName = `${restoredName}_again`;
    const otherUrl = Object.assign(new URL(restoredUrl), { pathname: `/${otherName}` }).toString();
    await expect(
      run(process.execPath, ['scripts/backup.mjs', 'restore', backupDir], { cwd: repoRoot, env: { ...target, DATABASE_URL: otherUrl } }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/storage folder .* is not empty \(\d+ objects\): restore into an empty one/) });
    expect(await databaseExists(otherName)).toBe(false);

    // Never over an existing database.
    await expect(run(process.execPath, ['scripts/backup.mjs', 'restore', backupDir], { cwd: repoRoot, env: target })).rejects.toMatchObject(
      {
        stderr: expect.stringMatching(/already exists: restore into a new database/),
      },
    );
  }, 90_000);
});
