#!/usr/bin/env node
// The one-shot migration step (`make migrate`, the compose `migrate` service, the Kubernetes Job):
// as the database admin, creates the database when missing and one role per service owning only its
// schema; then runs each service's migrations connected as that service's role, so every table belongs
// to the service that uses it. Last, as the NATS user `migrate` (NATS_USER/NATS_PASSWORD; the only user
// allowed to), it creates or updates the JetStream streams and their durable consumers with
// NATS_STREAM_REPLICAS copies (packages/service-kit/src/nats-streams.ts): the apps never create one and
// wait, not ready, until they exist. Needs the built workspaces (dist). Idempotent.
//
// DATABASE_ADMIN_URL (default DATABASE_URL, then the local default) is the admin connection;
// <SERVICE>_DB_PASSWORD (e.g. AUTH_DB_PASSWORD) sets a role's password when the server asks for one.
// With STORAGE_DRIVER=s3 it first creates the bucket when missing (S3_* as the apps read them): running
// apps never create one, and may hold a key scoped to the bucket. `--storage` does only that step,
// `--nats` only the streams.
// A database not answering yet and a lock held by someone else are waited out until MIGRATE_DEADLINE_S
// (scripts/migrate-retry.mjs); every migration runs with lock_timeout MIGRATE_LOCK_TIMEOUT, so one that
// needs a table's lock gives up (and is retried) instead of queueing every query on that table behind it.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { untilDeadline } from './migrate-retry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kit = (file) => import(pathToFileURL(path.join(root, 'packages/service-kit/dist', file)).href);
const [
  { buildDataSourceOptions, ensureDatabaseExists, migrateDatabase },
  { DATABASE_SERVICES, provisionServiceRoles, serviceDatabaseUrl },
  { env, parseConfig },
  { connectNats, natsCredentialsOf },
  { prepareNatsStreams },
] = await Promise.all([kit('database.js'), kit('database-roles.js'), kit('config.js'), kit('nats-connection.js'), kit('nats-streams.js')]);
const { DataSource } = await import('typeorm');
const { storageEnvSchema, prepareStorage } = await import(pathToFileURL(path.join(root, 'packages/storage/dist/config.js')).href);
const log = (message) => process.stdout.write(`[migrate] ${message}\n`);

async function prepareObjectStorage() {
  const storage = parseConfig(storageEnvSchema);
  if (storage.STORAGE_DRIVER !== 's3') return; // the local-disk driver makes its folders as it writes
  await prepareStorage(storage);
  log(`storage: bucket ${storage.S3_BUCKET} is there`);
}

const natsConfig = () =>
  parseConfig(
    z.object({
      NODE_ENV: z.string().optional(),
      NATS_URL: env.natsUrl.default('nats://127.0.0.1:4222'),
      NATS_USER: env.optionalString,
      NATS_PASSWORD: env.optionalString,
      /** Copies of each stream: 1 on a single nats-server, 3 on a 3-node cluster. */
      NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
      MIGRATE_WAIT_TIMEOUT_S: z.coerce.number().int().positive().default(600),
    }),
  );

async function prepareStreams() {
  const config = natsConfig();
  // only the migration step's own user (in production it must be set: the server admits no one else)
  const credentials = natsCredentialsOf(config, ['migrate']);
  const deadline = Date.now() + config.MIGRATE_WAIT_TIMEOUT_S * 1000;
  let nc;
  while (!nc) {
    try {
      nc = await connectNats(config.NATS_URL, 'migrate', credentials);
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`gave up connecting to NATS at ${config.NATS_URL}: ${error.message}`, { cause: error });
      log(`nats: waiting for ${config.NATS_URL} (${error.message})`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  try {
    const prepared = await prepareNatsStreams(nc, { replicas: config.NATS_STREAM_REPLICAS });
    log(
      `nats: streams ${prepared.streams.join(', ')} and ${prepared.consumers.length} durable consumers are there (replicas: ${config.NATS_STREAM_REPLICAS})`,
    );
  } finally {
    await nc.close();
  }
}

if (process.argv.includes('--nats')) {
  try {
    await prepareStreams();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`[migrate] ${error.message}\n`);
    process.exit(1);
  }
}

if (process.argv.includes('--storage')) {
  try {
    await prepareObjectStorage();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`[migrate] ${error.message}\n`);
    process.exit(1);
  }
}

const passwordVariable = (service) => `${service.toUpperCase()}_DB_PASSWORD`;
const config = parseConfig(
  z.object({
    DATABASE_ADMIN_URL: env.databaseUrl.optional(),
    DATABASE_URL: env.databaseUrl.default('postgres://postgres@127.0.0.1:5432/printloom'),
    /** --wait gives up after this long (the init container is then restarted with back-off). */
    MIGRATE_WAIT_TIMEOUT_S: z.coerce.number().int().positive().default(600),
    /** How long the migration step waits for the database and for locks before it fails. */
    MIGRATE_DEADLINE_S: z.coerce.number().int().positive().default(900),
    /** PostgreSQL's lock_timeout for the migrations' sessions (e.g. 10s, 500ms). */
    MIGRATE_LOCK_TIMEOUT: z
      .string()
      .regex(/^\d+(ms|s|min)$/)
      .default('10s'),
    ...Object.fromEntries(DATABASE_SERVICES.map((service) => [passwordVariable(service), env.optionalString])),
  }),
);
const adminUrl = config.DATABASE_ADMIN_URL ?? config.DATABASE_URL;

async function migrateAll() {
  await prepareObjectStorage();
  const retrying = { deadlineMs: Date.now() + config.MIGRATE_DEADLINE_S * 1000 };
  await untilDeadline(() => ensureDatabaseExists(adminUrl), { ...retrying, log: (line) => log(`database: ${line}`) });
  await untilDeadline(
    () =>
      provisionServiceRoles(
        adminUrl,
        DATABASE_SERVICES.map((schema) => ({ schema, password: config[passwordVariable(schema)] })),
      ),
    { ...retrying, log: (line) => log(`roles: ${line}`) },
  );
  for (const service of DATABASE_SERVICES) {
    const optionsModule = await import(pathToFileURL(path.join(root, `services/${service}/dist/database/database-options.js`)).href);
    const options = optionsModule[`${service}Database`];
    const url = serviceDatabaseUrl(adminUrl, service, config[passwordVariable(service)]);
    // Each migration is its own transaction: one cut by lock_timeout rolls back, and the retry goes on from it.
    await untilDeadline(
      async () => {
        const dataSource = new DataSource(
          buildDataSourceOptions({ ...options, url, poolSize: 2, settings: { lock_timeout: config.MIGRATE_LOCK_TIMEOUT } }),
        );
        await dataSource.initialize();
        try {
          await migrateDatabase(dataSource, options.schema);
        } finally {
          await dataSource.destroy();
        }
      },
      { ...retrying, log: (line) => log(`${service}: ${line}`) },
    );
    log(`${service}: migrated as ${serviceDatabaseUrl(adminUrl, service).replace(/^postgres(ql)?:\/\/([^@:]+).*/, '$2')}`);
  }
  await prepareStreams();
}

// `--wait <service>`: an app pod's init container (infra/k8s/base/apps.yaml). Connects as the service's
// own role (DATABASE_URL) and returns once every migration this image carries is recorded in the
// service's schema, i.e. once the release's migration Job has run; it never migrates itself.
async function waitForSchema(service) {
  const optionsModule = await import(pathToFileURL(path.join(root, `services/${service}/dist/database/database-options.js`)).href);
  const options = optionsModule[`${service}Database`];
  const dataSource = new DataSource(buildDataSourceOptions({ ...options, url: config.DATABASE_URL, poolSize: 1 }));
  const deadline = Date.now() + config.MIGRATE_WAIT_TIMEOUT_S * 1000;
  for (;;) {
    let missing;
    try {
      if (!dataSource.isInitialized) await dataSource.initialize();
      const rows = await dataSource.query(`SELECT name FROM "${options.schema}".migrations`).catch(() => []);
      const applied = new Set(rows.map((row) => row.name));
      const pending = dataSource.migrations
        .map((migration) => migration.name ?? migration.constructor.name)
        .filter((name) => !applied.has(name));
      if (pending.length === 0) {
        log(`${service}: schema has all ${dataSource.migrations.length} migrations`);
        await dataSource.destroy();
        return;
      }
      missing = `${pending.length} migration(s), first ${pending[0]}`;
    } catch (error) {
      missing = `the database (${error.message})`;
    }
    if (Date.now() > deadline) throw new Error(`${service}: gave up waiting for ${missing}: has the release's migrate Job run?`);
    log(`${service}: waiting for ${missing}`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

const waitIndex = process.argv.indexOf('--wait');
if (waitIndex !== -1) {
  const service = process.argv[waitIndex + 1];
  try {
    if (!DATABASE_SERVICES.includes(service)) throw new Error(`--wait needs one of ${DATABASE_SERVICES.join(', ')}`);
    await waitForSchema(service);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`[migrate] ${error.message}\n`);
    process.exit(1);
  }
}

try {
  await migrateAll();
} catch (error) {
  process.stderr.write(`[migrate] ${error.message}\n`);
  process.exit(1);
}
