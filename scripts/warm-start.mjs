// What scripts/dev.mjs (and scripts/test.mjs) may skip on a warm start, checked from file times and one
// database connection: an install that is current (no npm start), a build that is current (no tsc start)
// and a database with every migration (no migration step before the first services start).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How make dev and make test install. --prefer-offline: a package the lock file pins and npm's cache holds
 * is taken from the cache without asking the registry again (anything missing is still fetched). Fresh
 * clone, 2 cores, two runs each: 54 and 63 s without, 34 and 49 s with.
 */
export const NPM_INSTALL_ARGS = ['install', '--no-audit', '--no-fund', '--prefer-offline'];

/** node_modules was installed from today's lock file: npm writes its copy of the lock there on every install. */
export function dependenciesCurrent(root) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  return existsSync(installed) && statSync(installed).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs;
}

/** The newest modification time of a file or of anything under a folder (0 when absent). */
export function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

/** A workspace's sources or configs (or the shared base config) changed after tsc -b last wrote its build info. */
export function sourcesNewerThanBuild(root, workspace) {
  const buildInfo = path.join(root, workspace, 'dist/tsconfig.tsbuildinfo');
  if (!existsSync(buildInfo)) return true;
  const builtAt = statSync(buildInfo).mtimeMs;
  const inputs = ['src', 'tsconfig.json', 'package.json'].map((input) => path.join(root, workspace, input));
  return [...inputs, path.join(root, 'tsconfig.base.json')].some((input) => newestChange(input) > builtAt);
}

/**
 * What the migration step applies comes from these builds (each service's migrations, the kit's shared
 * ones, the roles' provisioning) and the step itself: a newer file means it may have more to do.
 */
const migrationInputs = (services) => [
  ...services.map((name) => `services/${name}/dist/database`),
  'packages/service-kit/dist',
  'scripts/migrate.mjs',
];
const newestInput = (root, services) => Math.max(...migrationInputs(services).map((input) => newestChange(path.join(root, input))));
const markerOf = (root, adminUrl) =>
  path.join(root, '.data/migrated', `${createHash('sha256').update(adminUrl).digest('hex').slice(0, 16)}.json`);

/**
 * Whether every migration is applied, without loading the services' migrations (that costs a second of
 * CPU): true when the migration step last succeeded against this database after every input was built,
 * and each schema still holds as many migrations as it recorded then. Any doubt (a rebuilt service, a
 * new or reset database, migrations run from another tree) says no, and the step runs first.
 */
export async function migrationsApplied(root, services, adminUrl) {
  const marker = markerOf(root, adminUrl);
  if (!existsSync(marker)) return false;
  const { inputsAt, applied } = JSON.parse(readFileSync(marker, 'utf8'));
  if (newestInput(root, services) > inputsAt) return false;
  const counts = await appliedMigrations(services, adminUrl).catch(() => null);
  return counts !== null && services.every((name) => counts[name] === applied[name]);
}

/** Runs the migration step; once it succeeded, notes what it applied for the next start's check. */
export async function migrateAndRemember(root, services, adminUrl, runStep) {
  const inputsAt = newestInput(root, services);
  await runStep();
  const applied = await appliedMigrations(services, adminUrl);
  mkdirSync(path.dirname(markerOf(root, adminUrl)), { recursive: true });
  writeFileSync(markerOf(root, adminUrl), JSON.stringify({ inputsAt, applied }));
}

/** Each service schema's count of recorded migrations (-1 without a migrations table), in one admin connection. */
async function appliedMigrations(services, adminUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const counts = {};
    for (const name of services) {
      const [{ found }] = (await client.query('SELECT to_regclass($1) IS NOT NULL AS found', [`"${name}".migrations`])).rows;
      counts[name] = found ? Number((await client.query(`SELECT count(*) AS n FROM "${name}".migrations`)).rows[0].n) : -1;
    }
    return counts;
  } finally {
    await client.end().catch(() => undefined);
  }
}
