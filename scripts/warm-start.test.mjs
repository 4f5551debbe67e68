// Tests of what make dev may skip on a warm start (node --test scripts/warm-start.test.mjs; make test
// runs it). The migration check talks to the machine's PostgreSQL (DATABASE_ADMIN_URL), in a database of
// its own that it drops.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { dependenciesCurrent, migrateAndRemember, migrationsApplied, sourcesNewerThanBuild } from './warm-start.mjs';

const adminUrl = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Every temporary checkout the tests made, removed when they end. */
const temporaryRoots = [];
after(() => temporaryRoots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A new empty folder under the system's temporary folder, removed after the tests. */
function temporaryRoot(prefix) {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryRoots.push(root);
  return root;
}

/** Writes `file` under `root` with the given modification time (seconds since the epoch). */
function writeAt(root, file, seconds, content = '') {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  utimesSync(target, seconds, seconds);
}

/** A workspace built at t=2000 from sources written at t=1000 (folders dated too: a new file dates its folder). */
function builtWorkspace() {
  const root = temporaryRoot('pl-warm-start-');
  writeAt(root, 'tsconfig.base.json', 1000);
  writeAt(root, 'ws/tsconfig.json', 1000);
  writeAt(root, 'ws/package.json', 1000);
  writeAt(root, 'ws/src/a/index.ts', 1000);
  for (const folder of ['ws/src/a', 'ws/src']) utimesSync(path.join(root, folder), 1000, 1000);
  writeAt(root, 'ws/dist/tsconfig.tsbuildinfo', 2000);
  return root;
}

describe('the build check', () => {
  it('finds a workspace built after its last edit current', () => {
    assert.equal(sourcesNewerThanBuild(builtWorkspace(), 'ws'), false);
  });

  it('sees a source edited after the build, however deep', () => {
    const root = builtWorkspace();
    utimesSync(path.join(root, 'ws/src/a/index.ts'), 3000, 3000);
    assert.equal(sourcesNewerThanBuild(root, 'ws'), true);
  });

  it('sees a source deleted after the build (its folder changed)', () => {
    const root = builtWorkspace();
    rmSync(path.join(root, 'ws/src/a/index.ts'));
    assert.equal(sourcesNewerThanBuild(root, 'ws'), true);
  });

  it('sees a changed workspace or base config, and a workspace never built', () => {
    const root = builtWorkspace();
    utimesSync(path.join(root, 'tsconfig.base.json'), 3000, 3000);
    assert.equal(sourcesNewerThanBuild(root, 'ws'), true);
    const other = builtWorkspace();
    utimesSync(path.join(other, 'ws/tsconfig.json'), 3000, 3000);
    assert.equal(sourcesNewerThanBuild(other, 'ws'), true);
    const unbuilt = builtWorkspace();
    rmSync(path.join(unbuilt, 'ws/dist'), { recursive: true });
    assert.equal(sourcesNewerThanBuild(unbuilt, 'ws'), true);
  });
});

describe('the install check', () => {
  /** A checkout whose lock file was written at `lockAt` and, when given, installed at `installedAt`. */
  function checkout(lockAt, installedAt) {
    const root = temporaryRoot('pl-install-check-');
    writeAt(root, 'package-lock.json', lockAt);
    if (installedAt !== undefined) writeAt(root, 'node_modules/.package-lock.json', installedAt);
    return root;
  }

  it('finds dependencies installed after the lock file was written current', () => {
    assert.equal(dependenciesCurrent(checkout(1000, 2000)), true);
  });

  it('installs again when the lock file changed after the last install (a pull that moved a version)', () => {
    assert.equal(dependenciesCurrent(checkout(3000, 2000)), false);
  });

  it('installs on a fresh clone (no node_modules)', () => {
    assert.equal(dependenciesCurrent(checkout(1000)), false);
  });
});

describe('the migration check (real PostgreSQL)', () => {
  const database = `printloom_warm_start_test_${process.pid}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const services = ['alpha', 'beta'];
  let db;

  async function admin(sql) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  /** A tree whose migration inputs were built at t=1000. */
  function tree() {
    const root = temporaryRoot('pl-warm-start-');
    for (const name of services) writeAt(root, `services/${name}/dist/database/options.js`, 1000);
    writeAt(root, 'packages/service-kit/dist/index.js', 1000);
    writeAt(root, 'scripts/migrate.mjs', 1000);
    return root;
  }

  /** Stands in for the migration step: each schema with its migrations table and `count` rows. */
  const migrateStep = (count) => async () => {
    for (const name of services) {
      await db.query(`CREATE SCHEMA IF NOT EXISTS "${name}"`);
      await db.query(`CREATE TABLE IF NOT EXISTS "${name}".migrations (name text)`);
      await db.query(`TRUNCATE "${name}".migrations`);
      await db.query(`INSERT INTO "${name}".migrations SELECT 'M' || n FROM generate_series(1, $1::int) AS n`, [count]);
    }
  };

  before(async () => {
    await admin(`CREATE DATABASE ${database}`);
    db = new pg.Client({ connectionString: databaseUrl.href });
    await db.connect();
  });

  after(async () => {
    await db?.end();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('says no before the migration step ever ran, yes after it ran on an unchanged tree', async () => {
    const root = tree();
    await migrateStep(3)();
    assert.equal(await migrationsApplied(root, services, databaseUrl.href), false);
    await migrateAndRemember(root, services, databaseUrl.href, migrateStep(3));
    assert.equal(await migrationsApplied(root, services, databaseUrl.href), true);
  });

  it('says no once a service is rebuilt (it may carry a new migration)', async () => {
    const root = tree();
    await migrateAndRemember(root, services, databaseUrl.href, migrateStep(3));
    writeAt(root, 'services/beta/dist/database/migrations/0004-new.js', Date.now() / 1000 + 60);
    assert.equal(await migrationsApplied(root, services, databaseUrl.href), false);
  });

  it('says no when the database holds other migrations than the step recorded (reset, or migrated from elsewhere)', async () => {
    const root = tree();
    await migrateAndRemember(root, services, databaseUrl.href, migrateStep(3));
    await db.query(`DELETE FROM beta.migrations WHERE name = 'M3'`);
    assert.equal(await migrationsApplied(root, services, databaseUrl.href), false);
    await migrateStep(3)();
    await db.query(`DROP SCHEMA alpha CASCADE`);
    assert.equal(await migrationsApplied(root, services, databaseUrl.href), false);
  });

  it('records nothing when the step fails', async () => {
    const root = tree();
    await assert.rejects(
      migrateAndRemember(root, services, databaseUrl.href, async () => {
        throw new Error('migration failed');
      }),
      /migration failed/,
    );
    await migrateStep(3)();
    assert.equal(await migrationsApplied(root, services, databaseUrl.href), false);
  });
});
