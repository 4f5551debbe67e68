#!/usr/bin/env node
// The native run: installs, builds, makes sure PostgreSQL and NATS are there, starts a mail catcher
// (unless SMTP_URL points elsewhere), the local Printify-shaped shop (http://localhost:8091/local-shop),
// the seven services and the gateway serving the SPA and /api on one origin. Stays in the foreground; Ctrl-C stops everything it started.
//
// Flags: --skip-install, --skip-build, --isolated (own nats-server on a free port; for browser tests
// next to a running dev system), --quiet (service logs to .data/logs instead of the terminal).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

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

function installIfNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (npm install, pinned by package-lock.json)');
  run('npm', ['install', '--no-audit', '--no-fund']);
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
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

// A crashed process is started again (its crash policy exits so that this can happen), like compose's
// and k8s's restart policies do; only one that keeps crashing stops the whole system.
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;

function startChild(name, command, commandArgs, env, logSink, restarts = []) {
  const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
    setTimeout(() => {
      if (stopping) return;
      children.splice(children.indexOf(entry), 1);
      startChild(name, command, commandArgs, env, logSink, recent);
    }, delayMs);
  });
  return child;
}

async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
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
  await mailCatcher?.close?.().catch(() => undefined);
  process.exit(exitCode);
}

let mailCatcher;
async function startMailCatcher(smtpPort, webPort) {
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  await maildev.start();
  mailCatcher = { close: () => maildev.stop() };
}

async function main() {
  const started = Date.now();
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
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
  };
  env.PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

  if (args.has('--isolated')) {
    const natsPort = await freePort();
    const storeDir = mkdtempSync(path.join(os.tmpdir(), 'pl-dev-nats-'));
    // --tesseract: assets reads every design's text back for its quality verdict.
    spawnSync('bash', [path.join(root, 'scripts/ensure-infra.sh'), '--no-nats-server', '--tesseract'], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    const natsBin =
      ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((candidate) => existsSync(candidate)) ??
      'nats-server';
    env.NATS_URL = `nats://127.0.0.1:${natsPort}`;
    startChild('nats', natsBin, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', storeDir], {}, process.stdout);
    await waitFor(() => portOpen(natsPort), 'nats-server', 10_000);
  } else {
    run('bash', [path.join(root, 'scripts/ensure-infra.sh'), '--tesseract'], { env: { ...process.env, ...env } });
  }

  if (process.env.SMTP_URL) {
    env.SMTP_URL = process.env.SMTP_URL;
  } else {
    const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 1025);
    const webPort = Number(process.env.MAIL_WEB_PORT ?? 1080);
    await startMailCatcher(smtpPort, webPort);
    env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    env.MAIL_INBOX_URL = `http://127.0.0.1:${webPort}`;
  }

  if (!args.has('--skip-build')) buildChanged();

  // As in production: one role per service owning only its schema (the database refuses cross-service
  // reads), created by the same migrate step the containers run; each service connects as its role. The
  // step also makes the JetStream streams the apps wait for (they never create one).
  const dbPasswords = databasePasswords(env.DATABASE_URL);
  run(process.execPath, ['scripts/migrate.mjs'], { env: { ...process.env, ...env, ...dbPasswords, DATABASE_ADMIN_URL: env.DATABASE_URL } });
  const { serviceDatabaseUrl } = await import('../packages/service-kit/dist/database-roles.js');

  mkdirSync(path.join(root, '.data/logs'), { recursive: true });
  const sink = args.has('--quiet') ? createWriteStream(path.join(root, '.data/logs/dev.log'), { flags: 'a' }) : process.stdout;
  // The local Printify-shaped shop: with no Printify connection, drafts go there (LOCAL_SHOP), and the
  // adapter talks to it as to Printify (PRINTIFY_API_BASE). It fetches print files from the gateway.
  const localShopPort = args.has('--isolated') ? await freePort() : Number(process.env.LOCAL_SHOP_PORT ?? 8091);
  startChild(
    'local-shop',
    process.execPath,
    ['services/publishing/dist/local-shop/main.js'],
    { LOCAL_SHOP_PORT: String(localShopPort), LOCAL_SHOP_PUBLIC_URL: `http://localhost:${localShopPort}` },
    sink,
  );
  env.LOCAL_SHOP = process.env.LOCAL_SHOP ?? 'true';
  env.PRINTIFY_API_BASE = process.env.PRINTIFY_API_BASE ?? `http://127.0.0.1:${localShopPort}/v1`;
  await waitFor(() => portOpen(localShopPort), 'the local shop', 10_000);

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
  for (const name of SERVICES) {
    healthPorts[name] = await freePort();
    const databaseUrl = serviceDatabaseUrl(env.DATABASE_URL, name, dbPasswords[`${name.toUpperCase()}_DB_PASSWORD`]);
    startChild(
      name,
      process.execPath,
      [`services/${name}/dist/main.js`],
      { ...env, DATABASE_URL: databaseUrl, HEALTH_PORT: String(healthPorts[name]), ...serviceOnly[name] },
      sink,
    );
  }
  const staticDir = path.join(root, 'frontend/dist');
  const { DATABASE_URL: _adminUrl, ...gatewayEnv } = env;
  startChild(
    'gateway',
    process.execPath,
    ['gateway/dist/main.js'],
    { ...gatewayEnv, STATIC_DIR: existsSync(path.join(staticDir, 'index.html')) ? staticDir : '' },
    sink,
  );

  for (const name of SERVICES) {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${healthPorts[name]}/health`)).ok, `${name} service`);
  }
  await waitFor(async () => (await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok, 'gateway');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`ready in ${seconds} s`);
  log(`Printloom is running at ${env.PUBLIC_URL}`);
  log(`Local Printify-shaped shop (drafts without a Printify connection): http://localhost:${localShopPort}/local-shop`);
  if (env.MAIL_INBOX_URL) log(`Mail inbox (sign-up codes): ${env.MAIL_INBOX_URL.replace('127.0.0.1', 'localhost')}`);
  log(`Health: ${SERVICES.map((name) => `${name} :${healthPorts[name]}/health`).join(', ')}`);
  log('Press Ctrl-C to stop.');
}

/**
 * `tsc -b` per workspace: one that is up to date (its sources older than its build info in dist) is
 * skipped without even being parsed. Dev mode needs only each workspace's own emit to be current;
 * `make build` / `make test` type-check every workspace against the others. The SPA is rebuilt only
 * when one of its inputs is newer than its last build.
 */
function buildChanged() {
  const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.filter(
    (workspace) => workspace !== 'frontend',
  );
  log('building changed workspaces (tsc -b)');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', ...workspaces]);
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
    run('npm', ['run', 'build', '--silent', '-w', 'frontend']);
  } else {
    log('the SPA is up to date');
  }
}

/** The newest modification time of a file or of anything under a folder (0 when absent). */
function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
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
