#!/usr/bin/env node
// The test command (`make test`), its steps in this order: install dependencies when the lock file is
// newer; the infrastructure (PostgreSQL, nats-server, tesseract, Chromium, the operators' tools); build
// and type-check every workspace; type-check the tests (Jest strips their types unchecked); ESLint;
// Prettier; the supply-chain check (its own tests, licences, npm audit); the Jest suites (unit,
// integration against real PostgreSQL and NATS, HTTP through the gateway); the frontend's Vitest tests;
// the landing page's bundle budget; the compose check; the Kubernetes manifests; the monitoring files;
// the container runtime trees; the browser tests against a natively running system. docs/development.md
// says the same. Exits non-zero on any failure and ends with one 'N passed, N failed' line.
//
// Flags: --skip-e2e, --skip-build, --only-jest, --only-e2e (the browser tests alone, on what is built; E2E_ONLY=<name part>
// narrows them), --unit (only the Jest unit tests, src/**/*.spec.ts, and the
// frontend's Vitest tests: no services, no build; `make test-unit`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const results = [];
const log = (message) => process.stdout.write(`\n[test] ${message}\n`);
const resultsDir = path.join(root, '.data/test-results');
mkdirSync(resultsDir, { recursive: true });

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

function record(name, passed, failed, ok) {
  results.push({ name, passed, failed, ok });
  log(`${name}: ${passed} passed, ${failed} failed${ok ? '' : ' (step failed)'}`);
}

function installIfNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs) return true;
  log('installing dependencies (npm install, pinned by package-lock.json)');
  return run('npm', ['install', '--no-audit', '--no-fund']);
}

/** `unit`: only the `*.spec.ts` files under a workspace's src/ (pure logic: no PostgreSQL, NATS or built workspace). */
function jestSuite({ unit = false } = {}) {
  log(unit ? 'Jest: unit tests (src/**/*.spec.ts)' : 'Jest: unit, integration (real PostgreSQL and NATS) and HTTP tests');
  const output = path.join(resultsDir, unit ? 'jest-unit.json' : 'jest.json');
  rmSync(output, { force: true });
  const ok = run(
    process.execPath,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--ci',
      '--maxWorkers=2',
      ...(unit ? ['--testPathPatterns=/src/.*\\.spec\\.ts$'] : []),
      '--json',
      `--outputFile=${output}`,
    ],
    {
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --no-warnings=ExperimentalWarning`.trim() },
    },
  );
  const report = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  record(unit ? 'jest unit' : 'jest', report.numPassedTests, report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0), ok);
}

function frontendSuite() {
  if (!existsSync(path.join(root, 'frontend/package.json'))) return;
  log('Vitest: frontend component tests');
  const output = path.join(resultsDir, 'vitest.json');
  rmSync(output, { force: true });
  const ok = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${output}`], {
    cwd: path.join(root, 'frontend'),
  });
  const report = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  record('vitest', report.numPassedTests, report.numFailedTests, ok);
}

function bundleBudget() {
  if (!existsSync(path.join(root, 'frontend/dist/.vite/manifest.json'))) return;
  log('landing page JavaScript budget');
  const ok = run(process.execPath, ['frontend/scripts/bundle-budget.mjs']);
  record('bundle budget', ok ? 1 : 0, ok ? 0 : 1, ok);
}

function typecheckTests() {
  log('tsc: type-check every test file (Jest strips types without checking them; npm run typecheck:tests)');
  const ok = run('npm', ['run', 'typecheck:tests', '--silent']);
  record('typecheck tests', ok ? 1 : 0, ok ? 0 : 1, ok);
}

function lint() {
  log("ESLint: TypeScript rules, React hooks and the SPA's import boundaries (npm run lint)");
  const ok = run('npm', ['run', 'lint', '--silent']);
  record('lint', ok ? 1 : 0, ok ? 0 : 1, ok);
}

function formatCheck() {
  log('Prettier: every file formatted as `npm run format` leaves it (npm run format:check)');
  const ok = run('npm', ['run', 'format:check', '--silent']);
  record('format', ok ? 1 : 0, ok ? 0 : 1, ok);
}

function supplyChain() {
  log('supply chain: licences of shipped packages and npm audit of production dependencies');
  const unit = spawnSync(process.execPath, ['--test', 'scripts/check-supply-chain.test.mjs'], { cwd: root, encoding: 'utf8' });
  process.stdout.write(unit.stdout ?? '');
  const [passed, failed] = ['pass', 'fail'].map((word) => Number(new RegExp(`^# ${word} (\\d+)`, 'm').exec(unit.stdout ?? '')?.[1] ?? 0));
  const ok = run(process.execPath, ['scripts/check-supply-chain.mjs']);
  record('supply chain', passed + (ok ? 1 : 0), failed + (ok ? 0 : 1), ok && unit.status === 0);
}

function opsCheck(name, command, commandArgs) {
  log(name);
  const ok = run(command, commandArgs);
  record(name, ok ? 1 : 0, ok ? 0 : 1, ok);
}

function composeCheck() {
  if (!existsSync(path.join(root, 'scripts/check-compose.sh'))) return;
  log('docker-compose.yml check');
  const ok = run('bash', ['scripts/check-compose.sh']);
  record('compose', ok ? 1 : 0, ok ? 0 : 1, ok);
}

async function browserSuite() {
  if (!existsSync(path.join(root, 'frontend/e2e/run.mjs'))) return;
  log('Browser tests: Chromium against the natively running system');
  const [port, smtpPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const database = `printloom_e2e_${Date.now().toString(36)}`;
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-e2e-storage-'));
  const env = {
    ...process.env,
    PORT: String(port),
    MAIL_SMTP_PORT: String(smtpPort),
    MAIL_WEB_PORT: String(webPort),
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'warn',
    // Every browser sign-up comes from 127.0.0.1: each gets its trial credits (production: 3 a day).
    TRIAL_GRANTS_PER_IP_PER_DAY: '1000',
    // ...and the two browser scripts together sign up more accounts than 10 an hour from one address.
    RATE_LIMIT_SCALE: '10',
  };
  delete env.SMTP_URL;
  const system = spawn(process.execPath, ['scripts/dev.mjs', '--skip-install', '--skip-build', '--isolated', '--quiet'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const ready = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 120_000);
    readline.createInterface({ input: system.stdout }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      if (line.includes('Printloom is running')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    system.once('exit', () => resolve(false));
  });
  let ok = false;
  let passed = 0;
  let failed = 1;
  if (ready) {
    // The flows first, then the accessibility audit (axe on every screen, the keyboard-only flow).
    [ok, passed, failed] = [true, 0, 0];
    for (const script of ['frontend/e2e/run.mjs', 'frontend/e2e/accessibility.mjs']) {
      const e2e = spawnSync(process.execPath, [script], {
        cwd: root,
        env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_MAIL_URL: `http://127.0.0.1:${webPort}` },
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
      });
      process.stdout.write(e2e.stdout ?? '');
      const summary = /E2E: (\d+) passed, (\d+) failed/.exec(e2e.stdout ?? '');
      ok &&= e2e.status === 0;
      passed += summary ? Number(summary[1]) : 0;
      failed += summary ? Number(summary[2]) : 1;
    }
  } else {
    log('the system did not start for the browser tests; see .data/logs/dev.log');
  }
  try {
    process.kill(-system.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => (system.exitCode !== null ? resolve() : system.once('exit', resolve)));
  spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`], {
    stdio: 'ignore',
  });
  rmSync(storageDir, { recursive: true, force: true });
  record('e2e', passed, failed, ok && ready);
}

async function main() {
  const started = Date.now();
  if (!installIfNeeded()) return record('install', 0, 1, false);
  if (args.has('--unit')) {
    jestSuite({ unit: true });
    frontendSuite();
    log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return;
  }
  const wantBrowser = !args.has('--skip-e2e') && !args.has('--only-jest');
  const infraFlags = ['--tesseract', ...(wantBrowser ? ['--chromium'] : []), ...(args.has('--only-jest') ? [] : ['--ops-tools'])];
  if (!run('bash', ['scripts/ensure-infra.sh', ...infraFlags])) return record('infrastructure', 0, 1, false);
  if (args.has('--only-e2e')) return browserSuite();
  if (!args.has('--skip-build')) {
    log('type-check and build every workspace');
    const built = run('npm', ['run', 'build', '--silent']);
    record('build', built ? 1 : 0, built ? 0 : 1, built);
  }
  if (!args.has('--only-jest')) {
    typecheckTests();
    lint();
    formatCheck();
    supplyChain();
  }
  jestSuite();
  if (args.has('--only-jest')) return;
  frontendSuite();
  bundleBudget();
  composeCheck();
  opsCheck('migration retries (node --test)', process.execPath, ['--test', 'scripts/migrate-retry.test.mjs']);
  opsCheck('kubernetes manifests', process.execPath, ['scripts/check-k8s.mjs']);
  opsCheck('monitoring (promtool, dashboard)', process.execPath, ['scripts/check-observability.mjs']);
  opsCheck('container runtime trees', process.execPath, ['scripts/production-bundle.mjs', '--verify']);
  if (wantBrowser) await browserSuite();
  log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

await main();
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const allOk = results.every((result) => result.ok) && failed === 0;
process.stdout.write(`\nSummary: ${passed} passed, ${failed} failed\n`);
process.exit(allOk ? 0 : 1);
