#!/usr/bin/env node
// The native run: installs, builds, makes sure PostgreSQL and NATS are there, starts a mail catcher
// (unless SMTP_URL points elsewhere), the local Printify-shaped shop (http://localhost:8091/local-shop),
// the seven services and the gateway serving the SPA and /api on one origin. Stays in the foreground; Ctrl-C stops everything it started.
//
// Flags: --skip-install, --skip-build, --isolated (own nats-server on a free port; for browser tests
// next to a running dev system), --quiet (service logs to .data/logs instead of the terminal).
//
// A warm start (built tree, database with every migration) puts what a seller's first page needs first:
// the infrastructure and build checks run side by side, then the gateway, auth and billing start alone
// on the machine's cores; the migration step (roles, streams), the mail catcher, the local shop and the
// other services follow once those three listen. A new database or a pending migration keeps the safe
// order: the migration step first.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import {
  dependenciesCurrent,
  migrateAndRemember,
  migrationsApplied,
  newestChange,
  NPM_INSTALL_ARGS,
  sourcesNewerThanBuild,
} from './warm-start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const SERVICES = ['auth', 'billing', 'notifications', 'assets', 'generation', 'listings', 'publishing'];
const children = [];
let stopping = false;

const log = (message) => process.stdout.write(`[printloom] ${message}\n`);

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** `run` without blocking this process: the checks run side by side, and a child's output still shows. */
const helpers = new Set();
function runAsync(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
    helpers.add(child);
    child.once('error', reject);
    child.once('exit', (code) => {
      helpers.delete(child);
      if (code === 0 || stopping) resolve();
      else reject(new Error(`${command} ${commandArgs.join(' ')} failed`));
    });
  });
}

function installIfNeeded() {
  if (dependenciesCurrent(root)) return;
  log('installing dependencies (npm install, pinned by package-lock.json)');
  run('npm', NPM_INSTALL_ARGS);
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

// A crashed process is started again (its crash policy exits so that this can happen), like compose's
// and k8s's restart policies do; only one that keeps crashing stops the whole system.
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * `env`: the child's environment, or a function giving it at each start. `beforeRestart`: runs before a
 * crashed child is started again (a service takes a new health port there: one taken by another
 * process meanwhile would otherwise crash every restart the same way).
 */
function startChild(name, command, commandArgs, env, logSink, { restarts = [], beforeRestart } = {}) {
  const childEnv = typeof env === 'function' ? env() : env;
  const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = { name, child };
  children.push(entry);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => logSink.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const now = Date.now();
    const recent = [...restarts.filter((at) => now - at < RESTART_WINDOW_MS), now];
    if (recent.length > RESTARTS_ALLOWED) {
      log(`${name} exited (${signal ?? code}) ${recent.length} times within ${RESTART_WINDOW_MS / 1000} s; stopping everything`);
      void stopAll(1);
      return;
    }
    const delayMs = 500 * 2 ** (recent.length - 1);
    log(`${name} exited (${signal ?? code}); restarting it in ${delayMs} ms`);
    setTimeout(async () => {
      if (stopping) return;
      children.splice(children.indexOf(entry), 1);
      await beforeRestart?.();
      if (!stopping) startChild(name, command, commandArgs, env, logSink, { restarts: recent, beforeRestart });
    }, delayMs);
  });
  return child;
}

async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const helper of helpers) helper.kill('SIGTERM');
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(exitCode);
}

async function main() {
  const started = Date.now();
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (!args.has('--skip-install')) installIfNeeded();

  const env = {
    PORT: process.env.PORT ?? '8080',
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/printloom',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    STORAGE_DRIVER: process.env.STORAGE_DRIVER ?? 'fs',
    STORAGE_DIR: path.resolve(root, process.env.STORAGE_DIR ?? '.data/storage'),
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'printloom-local-development-secret-change-me',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // As in the image (Dockerfile): glibc settings that keep sharp's threads from fragmenting memory.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '33554432',
  };
  env.PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

  // The infrastructure and the build are checked side by side: neither needs the other.
  // The migration check reads the builds' file times: beside the build only when tsc will not run. With
  // PostgreSQL still to be started it answers no, and the migration step runs first (the safe order).
  const tscNeeded = !args.has('--skip-build') && backendWorkspaces().some((workspace) => sourcesNewerThanBuild(root, workspace));
  const infraAndBuild = Promise.all([ensureInfra(env), args.has('--skip-build') ? undefined : buildChanged()]);
  const migrationCheck = () => migrationsApplied(root, SERVICES, env.DATABASE_URL);
  const warmChecked = tscNeeded ? infraAndBuild.then(migrationCheck) : migrationCheck();
  await infraAndBuild;

  mkdirSync(path.join(root, '.data/logs'), { recursive: true });
  const sink = args.has('--quiet') ? createWriteStream(path.join(root, '.data/logs/dev.log'), { flags: 'a' }) : process.stdout;

  // Every port is known before anything starts, so each process gets its final environment at once.
  let startMailCatcher = () => undefined;
  if (process.env.SMTP_URL) {
    env.SMTP_URL = process.env.SMTP_URL;
  } else {
    const mailPorts = {
      MAIL_SMTP_PORT: String(process.env.MAIL_SMTP_PORT ?? 1025),
      MAIL_WEB_PORT: String(process.env.MAIL_WEB_PORT ?? 1080),
    };
    env.SMTP_URL = `smtp://127.0.0.1:${mailPorts.MAIL_SMTP_PORT}`;
    env.MAIL_INBOX_URL = `http://127.0.0.1:${mailPorts.MAIL_WEB_PORT}`;
    startMailCatcher = () => {
      startChild('mail', process.execPath, ['scripts/mail-catcher.mjs'], mailPorts, sink);
      return waitFor(() => portOpen(Number(mailPorts.MAIL_SMTP_PORT)), 'the mail catcher', 120_000);
    };
  }
  // The local Printify-shaped shop: with no Printify connection, drafts go there (LOCAL_SHOP), and the
  // adapter talks to it as to Printify (PRINTIFY_API_BASE). It fetches print files from the gateway.
  const localShopPort = args.has('--isolated') ? await freePort() : Number(process.env.LOCAL_SHOP_PORT ?? 8091);
  env.LOCAL_SHOP = process.env.LOCAL_SHOP ?? 'true';
  env.PRINTIFY_API_BASE = process.env.PRINTIFY_API_BASE ?? `http://127.0.0.1:${localShopPort}/v1`;
  const startLocalShop = () => {
    startChild(
      'local-shop',
      process.execPath,
      ['services/publishing/dist/local-shop/main.js'],
      { LOCAL_SHOP_PORT: String(localShopPort), LOCAL_SHOP_PUBLIC_URL: `http://localhost:${localShopPort}` },
      sink,
    );
    return waitFor(() => portOpen(localShopPort), 'the local shop', 120_000);
  };

  // As in production: one role per service owning only its schema (the database refuses cross-service
  // reads), created by the same migrate step the containers run; each service connects as its role. The
  // step also makes the JetStream streams the apps wait for (they never create one).
  const dbPasswords = databasePasswords(env.DATABASE_URL);
  const migrate = () =>
    migrateAndRemember(root, SERVICES, env.DATABASE_URL, () =>
      runAsync(process.execPath, ['scripts/migrate.mjs'], {
        env: { ...process.env, ...env, ...dbPasswords, DATABASE_ADMIN_URL: env.DATABASE_URL },
      }),
    );
  const warm = await warmChecked;
  // Nothing to migrate: the step (roles, streams) runs beside the later services, whose readiness waits
  // for its streams; each service also checks its own migrations under the step's lock as it opens its
  // database (MIGRATE_ON_START). A new database or anything in doubt: migrate first, as ever.
  let migrated;
  if (warm) {
    log(`every migration is applied (${since()}): the gateway, auth and billing start first`);
  } else {
    log('migrating before anything starts (a new database, or migrations built since the last run)');
    migrated = migrate();
    await migrated;
  }
  const { serviceDatabaseUrl } = await import('../packages/service-kit/dist/database-roles.js');

  // The local shop fetches print files from the gateway as Printify would: over IPv4, where it listens.
  const serviceOnly = {
    publishing: {
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
      LOCAL_SHOP_PAGE_URL: `http://localhost:${localShopPort}/local-shop`,
      // "Connect with Printify" (OAuth) against the local shop's authorize page, unless Printify itself is configured.
      ...(process.env.PRINTIFY_API_BASE
        ? {}
        : {
            PRINTIFY_APP_ID: process.env.PRINTIFY_APP_ID ?? 'printloom-local-app',
            PRINTIFY_AUTHORIZE_URL: process.env.PRINTIFY_AUTHORIZE_URL ?? `http://localhost:${localShopPort}/app/authorize`,
          }),
    },
  };
  const healthPorts = {};
  for (const name of SERVICES) healthPorts[name] = await freePort();
  const startService = (name) => {
    const databaseUrl = serviceDatabaseUrl(env.DATABASE_URL, name, dbPasswords[`${name.toUpperCase()}_DB_PASSWORD`]);
    startChild(
      name,
      process.execPath,
      [`services/${name}/dist/main.js`],
      () => ({ ...env, DATABASE_URL: databaseUrl, HEALTH_PORT: String(healthPorts[name]), ...serviceOnly[name] }),
      sink,
      {
        beforeRestart: async () => {
          healthPorts[name] = await freePort();
        },
      },
    );
  };
  const serviceListens = (name) =>
    waitFor(async () => (await fetch(`http://127.0.0.1:${healthPorts[name]}/health/live`)).ok, `${name} service`, 120_000);
  // Generous: a loaded 2-core machine can take a minute to bring ten processes up.
  const serviceReady = (name) =>
    waitFor(async () => (await fetch(`http://127.0.0.1:${healthPorts[name]}/health`)).ok, `${name} service`, 120_000);

  const staticDir = path.join(root, 'frontend/dist');
  const { DATABASE_URL: _adminUrl, ...gatewayEnv } = env;
  startChild(
    'gateway',
    process.execPath,
    ['gateway/dist/main.js'],
    { ...gatewayEnv, STATIC_DIR: existsSync(path.join(staticDir, 'index.html')) ? staticDir : '' },
    sink,
  );
  const gatewayReady = waitFor(async () => (await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok, 'gateway', 120_000);
  const FIRST = ['auth', 'billing'];
  const later = SERVICES.filter((name) => !FIRST.includes(name));
  // On 2 cores, 10 processes loading their modules at once would each take the whole start; the
  // seller's first page (/api/auth/me: gateway, auth, billing) gets the cores first, after a migration
  // step that had to run first, or before the step when nothing was pending.
  const startLater = async () => {
    const done = [];
    if (!migrated) {
      migrated = migrate();
      done.push(migrated);
    }
    done.push(startLocalShop(), startMailCatcher());
    for (const name of later) startService(name);
    await Promise.all(done);
  };
  FIRST.forEach(startService);
  await Promise.all([gatewayReady, ...FIRST.map(serviceListens)]);
  log(`the gateway, auth and billing answer (${since()}); starting the rest`);
  const laterStarted = startLater();
  await Promise.all([laterStarted, gatewayReady, ...SERVICES.map(serviceReady)]);
  log(`ready in ${since()}`);
  log(`Printloom is running at ${env.PUBLIC_URL}`);
  log(`Local Printify-shaped shop (drafts without a Printify connection): http://localhost:${localShopPort}/local-shop`);
  if (env.MAIL_INBOX_URL) log(`Mail inbox (sign-up codes): ${env.MAIL_INBOX_URL.replace('127.0.0.1', 'localhost')}`);
  log(`Health: ${SERVICES.map((name) => `${name} :${healthPorts[name]}/health`).join(', ')}`);
  log('Press Ctrl-C to stop.');
}

/** PostgreSQL (and NATS) there; in --isolated mode an own nats-server on a free port. */
async function ensureInfra(env) {
  if (!args.has('--isolated')) {
    await runAsync('bash', [path.join(root, 'scripts/ensure-infra.sh'), '--tesseract'], { env: { ...process.env, ...env } });
    return;
  }
  const natsPort = await freePort();
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'pl-dev-nats-'));
  // --tesseract: assets reads every design's text back for its quality verdict.
  const checked = runAsync('bash', [path.join(root, 'scripts/ensure-infra.sh'), '--no-nats-server', '--tesseract'], {
    env: { ...process.env, ...env },
  }).catch(() => undefined); // as before: a missing tool fails the step that needs it, not the start
  const natsBin =
    ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((candidate) => existsSync(candidate)) ??
    'nats-server';
  env.NATS_URL = `nats://127.0.0.1:${natsPort}`;
  startChild('nats', natsBin, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', storeDir], {}, process.stdout);
  await Promise.all([checked, waitFor(() => portOpen(natsPort), 'nats-server', 10_000)]);
}

/**
 * `tsc -b` per workspace, and only when some workspace has a source newer than its build info: a tree
 * built since its last edit costs no TypeScript start (tsc -b itself would skip each workspace, but only
 * after loading the compiler). Dev mode needs only each workspace's own emit to be current;
 * `make build` / `make test` type-check every workspace against the others. The SPA is rebuilt only
 * when one of its inputs is newer than its last build.
 */
async function buildChanged() {
  const workspaces = backendWorkspaces();
  if (workspaces.some((workspace) => sourcesNewerThanBuild(root, workspace))) {
    log('building changed workspaces (tsc -b)');
    await runAsync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', ...workspaces]);
  } else {
    log('every workspace is built (no source newer than its build)');
  }
  const builtAt = existsSync(path.join(root, 'frontend/dist/index.html'))
    ? statSync(path.join(root, 'frontend/dist/index.html')).mtimeMs
    : 0;
  const inputs = [
    'frontend/src',
    'frontend/public',
    'frontend/index.html',
    'frontend/vite.config.ts',
    'frontend/tsconfig.json',
    'frontend/package.json',
    'packages/contracts/src',
    'package-lock.json',
  ];
  if (inputs.some((input) => newestChange(path.join(root, input)) > builtAt)) {
    log('building the SPA (its sources changed)');
    await runAsync('npm', ['run', 'build', '--silent', '-w', 'frontend']);
  } else {
    log('the SPA is up to date');
  }
}

function backendWorkspaces() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.filter((workspace) => workspace !== 'frontend');
}

/** Natively the roles share the admin's password, if it has one (trust authentication needs none). */
function databasePasswords(adminUrl) {
  const password = decodeURIComponent(new URL(adminUrl).password);
  if (!password) return {};
  return Object.fromEntries(
    SERVICES.map((name) => [`${name.toUpperCase()}_DB_PASSWORD`, process.env[`${name.toUpperCase()}_DB_PASSWORD`] ?? password]),
  );
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
main().catch((error) => {
  process.stderr.write(`[printloom] ${error.message}\n`);
  void stopAll(1);
});
