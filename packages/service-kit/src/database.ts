import pg from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  /** The service's own PostgreSQL schema: each service owns its data. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** One function builds the options for the app, its tests and the TypeORM CLI. `synchronize` is never on. */
export function buildDataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: options.poolSize ?? 10 },
  };
}

/**
 * Creates the database and schema when missing, then runs pending migrations under an advisory lock
 * so that several instances starting together migrate once.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  await ensureDatabaseExists(options.url);
  const dataSource = new DataSource(buildDataSourceOptions(options));
  await dataSource.initialize();
  const lockKey = `printloom:migrations:${options.schema}`;
  await dataSource.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
  }
  return dataSource;
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
