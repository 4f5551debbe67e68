#!/usr/bin/env node
// Backups that restore (docs/operations.md "Production" > "Backups and restore").
//
//   node scripts/backup.mjs create [dir]    PostgreSQL dump + a mirror of the bucket (or storage folder)
//   node scripts/backup.mjs restore <dir>   into DATABASE_URL (a database that must not exist yet) and
//                                           STORAGE_DIR / the S3 bucket, then checks the counts
//   node scripts/backup.mjs create-storage <dir>              only the bucket's mirror (compose's
//                                                              bucket-backup service, on a schedule)
//   node scripts/backup.mjs restore-storage <dir> [--replace] only the bucket, from a mirror
//
// A restore writes into an empty bucket (or storage folder) and refuses one that holds objects; with
// --replace it brings that bucket to the backup's point instead: every backed-up object put back as it
// was, every object the backup does not hold deleted.
//
// `create` counts every table's rows inside the very snapshot pg_dump exports, and every stored file,
// into manifest.json; `restore` recreates the per-service roles and ownership and compares its counts
// with the manifest, exiting non-zero on any difference. Reads DATABASE_ADMIN_URL (else DATABASE_URL)
// and the storage variables (STORAGE_DRIVER, STORAGE_DIR, S3_*), like the services.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { z } from 'zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = (file) => import(pathToFileURL(path.join(root, file)).href);
const [{ env, parseConfig }, { DATABASE_SERVICES, provisionServiceRoles }, { storageEnvSchema }] = await Promise.all([
  load('packages/service-kit/dist/config.js'),
  load('packages/service-kit/dist/database-roles.js'),
  load('packages/storage/dist/config.js'),
]);

const config = parseConfig(
  z
    .object({
      DATABASE_ADMIN_URL: env.databaseUrl.optional(),
      DATABASE_URL: env.databaseUrl.default('postgres://postgres@127.0.0.1:5432/printloom'),
    })
    .and(storageEnvSchema),
);
const databaseUrl = config.DATABASE_ADMIN_URL ?? config.DATABASE_URL;
const log = (message) => process.stdout.write(`[backup] ${message}\n`);

const COUNT_TABLES = `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1) ORDER BY 1, 2`;

async function countRows(client) {
  const tables = (await client.query(COUNT_TABLES, [[...DATABASE_SERVICES]])).rows;
  const counts = {};
  for (const { schema, name } of tables) {
    const [{ n }] = (
      await client.query(`SELECT count(*)::int AS n FROM ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`)
    ).rows;
    counts[`${schema}.${name}`] = n;
  }
  return counts;
}

function listFiles(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

function s3Client() {
  return import('minio').then(({ Client }) => {
    const endpoint = new URL(config.S3_ENDPOINT);
    return new Client({
      endPoint: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      useSSL: endpoint.protocol === 'https:',
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
    });
  });
}

async function mirrorStorageTo(target) {
  mkdirSync(target, { recursive: true });
  if (config.STORAGE_DRIVER === 'fs') {
    const source = path.resolve(root, config.STORAGE_DIR);
    for (const file of listFiles(source).filter((file) => !file.endsWith('.tmp'))) {
      mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
      copyFileSync(path.join(source, file), path.join(target, file));
    }
    return;
  }
  const client = await s3Client();
  for await (const object of client.listObjectsV2(config.S3_BUCKET, '', true)) {
    if (!object.name) continue;
    const file = path.join(target, object.name);
    mkdirSync(path.dirname(file), { recursive: true });
    await pipeline(await client.getObject(config.S3_BUCKET, object.name), createWriteStream(file));
  }
}

/** The objects the restore target holds now (keys with `/`), or [] when the bucket or folder is missing. */
async function listStoredObjects() {
  if (config.STORAGE_DRIVER === 'fs')
    return listFiles(path.resolve(root, config.STORAGE_DIR)).map((file) => file.split(path.sep).join('/'));
  const client = await s3Client();
  if (!(await client.bucketExists(config.S3_BUCKET))) return [];
  const names = [];
  for await (const object of client.listObjectsV2(config.S3_BUCKET, '', true)) if (object.name) names.push(object.name);
  return names;
}

/** Refuses a target holding objects unless `replace`: a restore never mixes with objects it did not write. */
async function checkRestoreTarget(replace) {
  const present = await listStoredObjects();
  if (present.length === 0 || replace) return;
  const where = config.STORAGE_DRIVER === 'fs' ? `storage folder ${config.STORAGE_DIR}` : `bucket ${config.S3_BUCKET}`;
  throw new Error(
    `${where} is not empty (${present.length} objects): restore into an empty one and point the apps at it, ` +
      "or pass --replace to bring this one to the backup's point (objects the backup does not hold are deleted)",
  );
}

/** Writes the mirror's files into the target; with `replace`, deletes what the mirror does not hold. Returns the objects there after. */
async function restoreStorageFrom(source, { replace = false } = {}) {
  const keys = listFiles(source).map((file) => file.split(path.sep).join('/'));
  const wanted = new Set(keys);
  const stale = replace ? (await listStoredObjects()).filter((key) => !wanted.has(key)) : [];
  if (config.STORAGE_DRIVER === 'fs') {
    const target = path.resolve(root, config.STORAGE_DIR);
    for (const key of stale) unlinkSync(path.join(target, key));
    for (const key of keys) {
      mkdirSync(path.dirname(path.join(target, key)), { recursive: true });
      copyFileSync(path.join(source, key), path.join(target, key));
    }
  } else {
    const client = await s3Client();
    if (!(await client.bucketExists(config.S3_BUCKET))) await client.makeBucket(config.S3_BUCKET, config.S3_REGION);
    if (stale.length) await client.removeObjects(config.S3_BUCKET, stale);
    for (const key of keys) await client.fPutObject(config.S3_BUCKET, key, path.join(source, key));
  }
  if (stale.length) log(`deleted ${stale.length} objects the backup does not hold`);
  return (await listStoredObjects()).length;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

/** Mirrors the bucket (or folder) into `target` and describes what it holds, for the manifest. */
async function mirrorStorage(target) {
  await mirrorStorageTo(target);
  const files = listFiles(target);
  const bytes = files.reduce((sum, file) => sum + statSync(path.join(target, file)).size, 0);
  return {
    driver: config.STORAGE_DRIVER,
    ...(config.STORAGE_DRIVER === 's3' ? { bucket: config.S3_BUCKET } : {}),
    files: files.length,
    bytes,
  };
}

/** The bucket alone, written under `<dir>.partial` and renamed when complete: a folder without it is whole. */
async function createStorage(dir) {
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  try {
    const createdAt = new Date().toISOString();
    const storage = await mirrorStorage(path.join(partial, 'storage'));
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify({ createdAt, storage }, null, 2)}\n`);
    renameSync(partial, dir);
    log(`bucket backup in ${dir}: ${storage.files} files (${(storage.bytes / 1024 / 1024).toFixed(1)} MB)`);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

async function restoreStorage(dir, { replace }) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  await checkRestoreTarget(replace);
  const files = await restoreStorageFrom(path.join(dir, 'storage'), { replace });
  if (files !== manifest.storage.files)
    throw new Error(`restore does not match the backup: ${manifest.storage.files} files in the backup, ${files} restored`);
  const where = config.STORAGE_DRIVER === 'fs' ? config.STORAGE_DIR : `bucket ${config.S3_BUCKET}`;
  log(`restored ${where}: ${files} files, matching the backup of ${manifest.createdAt}`);
}

async function create(dir) {
  mkdirSync(dir, { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One snapshot for the counts and the dump: the manifest describes exactly what was dumped.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query('SELECT pg_export_snapshot() AS snapshot')).rows;
    const tables = await countRows(client);
    const dump = spawn(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${path.join(dir, 'postgres.dump')}`, `--dbname=${databaseUrl}`],
      { stdio: ['ignore', 'inherit', 'pipe'] },
    );
    let stderr = '';
    dump.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => dump.once('exit', resolve));
    if (code !== 0) throw new Error(`pg_dump failed: ${stderr}`);
    await client.query('COMMIT');
    const storage = await mirrorStorage(path.join(dir, 'storage'));
    const manifest = { createdAt: new Date().toISOString(), database: { tables }, storage };
    writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    log(
      `backup in ${dir}: ${Object.keys(tables).length} tables, ${rows} rows, ${storage.files} files (${(storage.bytes / 1024 / 1024).toFixed(1)} MB)`,
    );
  } finally {
    await client.end();
  }
}

async function restore(dir, { replace }) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  try {
    const exists = (await adminClient.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
    if (exists) throw new Error(`database ${name} already exists: restore into a new database, then switch DATABASE_URL`);
    await checkRestoreTarget(replace);
    await adminClient.query(`CREATE DATABASE ${adminClient.escapeIdentifier(name)}`);
  } finally {
    await adminClient.end();
  }
  // Owners are given back by provisioning (the roles may not exist on a fresh server).
  run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${databaseUrl}`, path.join(dir, 'postgres.dump')]);
  await provisionServiceRoles(
    databaseUrl,
    DATABASE_SERVICES.map((schema) => ({ schema })),
  );
  const files = await restoreStorageFrom(path.join(dir, 'storage'), { replace });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tables = await countRows(client).finally(() => client.end());
  const differences = Object.keys({ ...manifest.database.tables, ...tables })
    .filter((table) => manifest.database.tables[table] !== tables[table])
    .map((table) => `${table}: ${manifest.database.tables[table] ?? 'absent'} in the backup, ${tables[table] ?? 'absent'} restored`);
  if (files !== manifest.storage.files) differences.push(`storage: ${manifest.storage.files} files in the backup, ${files} restored`);
  if (differences.length) throw new Error(`restore does not match the backup:\n  ${differences.join('\n  ')}`);
  const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
  log(
    `restored ${name}: ${Object.keys(tables).length} tables, ${rows} rows and ${files} files, matching the backup of ${manifest.createdAt}`,
  );
}

const [command, ...rest] = process.argv.slice(2);
const replace = rest.includes('--replace');
const dir = rest.find((arg) => !arg.startsWith('--'));
try {
  if (command === 'create')
    await create(path.resolve(dir ?? path.join(root, '.data/backups', new Date().toISOString().replace(/[:.]/g, '-'))));
  else if (command === 'restore' && dir) await restore(path.resolve(dir), { replace });
  else if (command === 'create-storage' && dir) await createStorage(path.resolve(dir));
  else if (command === 'restore-storage' && dir) await restoreStorage(path.resolve(dir), { replace });
  else {
    process.stderr.write(
      'usage: backup.mjs create [dir] | restore <dir> [--replace] | create-storage <dir> | restore-storage <dir> [--replace]\n',
    );
    process.exit(2);
  }
} catch (error) {
  process.stderr.write(`[backup] ${error.message}\n`);
  process.exit(1);
}
