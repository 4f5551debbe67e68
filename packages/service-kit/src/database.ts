import pg from 'pg';
import type { DataSource, DataSourceOptions, MixedList } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  /** The service's own PostgreSQL schema: each service owns its data. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** Run pending migrations on open (false when a separate migrate job owns that). Default true. */
  migrate?: boolean;
  /**
   * Session settings every pooled connection starts with (sent as `-c name=value` at connect), for
   * settings a query depends on without a round trip of its own (`pg_trgm.similarity_threshold`).
   */
  settings?: Readonly<Record<string, string>>;
}

/** libpq's `options` string for session settings: `-c name=value`, spaces and backslashes escaped. */
export function sessionOptions(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replace(/[\\ ]/g, (char) => `\\${char}`)}`)
    .join(' ');
}

/**
 * One function builds the options for the app, its tests and the TypeORM CLI. `synchronize` is never on,
 * and there are no entities: repositories speak SQL and map rows themselves.
 */
export function buildDataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 10,
      ...(options.settings && Object.keys(options.settings).length > 0 ? { options: sessionOptions(options.settings) } : {}),
    },
  };
}

/**
 * Opens the service's DataSource. With `migrate` (the default) it first creates the database and schema
 * when missing and runs pending migrations under an advisory lock, so instances starting together
 * migrate once.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  // Loaded here, not at the top: TypeORM is some 300 modules, and the gateway (which imports this kit
  // but has no database) would load them at every start.
  const { DataSource } = await import('typeorm');
  if (options.migrate === false) {
    const dataSource = new DataSource(buildDataSourceOptions(options));
    await dataSource.initialize();
    return dataSource;
  }
  await ensureDatabaseExists(options.url);
  const dataSource = new DataSource(buildDataSourceOptions(options));
  await dataSource.initialize();
  await migrateDatabase(dataSource, options.schema);
  return dataSource;
}

/** Runs pending migrations of one schema under an advisory lock (several instances or jobs at once migrate once). */
export async function migrateDatabase(dataSource: DataSource, schema: string): Promise<void> {
  const lockKey = `printloom:migrations:${schema}`;
  // The lock is held by one connection (a session lock taken from the pool could be released on another).
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    try {
      // A service role owns its (provisioned) schema but may not create schemas: only create one when missing.
      const [found] = await lock.query('SELECT 1 AS found FROM pg_namespace WHERE nspname = $1', [schema]);
      if (!found) await lock.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
    }
  } finally {
    await lock.release();
  }
}

export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04' && error.code !== '23505') throw error; // created meanwhile by another instance
      });
    }
  } finally {
    await client.end();
  }
}

/** PostgreSQL unique violation, for "insert or it already exists" idempotency. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; driverError?: { code?: string } };
  return candidate?.code === '23505' || candidate?.driverError?.code === '23505';
}
