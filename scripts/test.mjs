#!/usr/bin/env node
// The test command (`make test`), its steps in this order: install dependencies when the lock file is
// newer; the infrastructure (PostgreSQL, nats-server, tesseract, Chromium, the operators' tools); build
// and type-check every workspace; the Jest suites (unit, integration against real PostgreSQL and NATS,
// HTTP through the gateway) with, beside them, the frontend's Vitest tests and then, one at a time, the
// steps that need neither: type-check the tests (Jest strips their types unchecked), ESLint, Prettier,
// the supply-chain check (its own tests, licences, npm audit), the landing page's bundle budget, the
// compose check, the migration retries, the Kubernetes manifests, the monitoring files and the container
// runtime trees (their output follows Jest's); then the browser tests against a natively running system,
// the flows, the collections and the accessibility audit at once. docs/development.md says the same.
// Every step prints its wall time beside its 'N passed, N failed' line; the end shows the step table and the slowest test
// files (Jest's and Vitest's own per-file times), written also to .data/test-timings.json. Exits non-zero on any failure and ends with one 'Summary: N passed, N failed' line.
//
// Flags: --skip-e2e, --skip-build, --only-jest, --only-e2e (the browser tests alone, on what is built; E2E_ONLY=<name part>
// narrows them), --unit (only the Jest unit tests, src/**/*.spec.ts, and the
// frontend's Vitest tests: no services, no build; `make test-unit`), --files=<path pattern> (only the Jest
// files whose path matches; `make test-jest FILES=...`).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { dependenciesCurrent, NPM_INSTALL_ARGS } from './warm-start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const filesPattern = process.argv.find((arg) => arg.startsWith('--files='))?.slice('--files='.length) || undefined;
const results = [];
/** Every test file's own wall time, from Jest's and Vitest's JSON reports: the slowest are listed at the end. */
const fileTimes = [];
const timingsFile = path.join(root, '.data/test-timings.json');
/** Every failed test (suite, where, name, the first lines of its error): listed last, just above the Summary, where a log's tail shows it. */
const failures = [];
const firstLines = (text, count = 4) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- Jest's messages carry terminal colours
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, count)
    .join(' / ')
    .slice(0, 400);
/**
 * Jest's workers (JEST_WORKERS; default: one more than the machine's cores, 3 on 2 cores). Its integration
 * files spend much of their time waiting on PostgreSQL, NATS and the clock (measured: 10–30 s of CPU in
 * files of 35–100 s): with one worker per core the machine idled 15 % of the Jest step (fresh clones,
 * 2 cores: 597 s with 2 workers, 480 and 515 s with 3, same 1,272 tests). The unit files only compute:
 * one worker per core (`--unit`), with Vitest beside them.
 */
const cores = os.availableParallelism();
const jestWorkers = (unit) => {
  if (/^[1-9]\d*$/.test(process.env.JEST_WORKERS ?? '')) return process.env.JEST_WORKERS;
  return String(unit ? Math.max(2, cores) : cores + 1);
};
const log = (message) => process.stdout.write(`\n[test] ${message}\n`);
const resultsDir = path.join(root, '.data/test-results');
mkdirSync(resultsDir, { recursive: true });

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

const seconds = (since, until = Date.now()) => Math.round((until - since) / 100) / 10;

/**
 * `startedAt`: when the step began (Date.now()), so its wall time stands beside its counts; `endedAt`:
 * when it ended, for a step that ran beside others and is recorded later.
 */
function record(name, passed, failed, ok, startedAt, endedAt = Date.now()) {
  const took = seconds(startedAt, endedAt);
  results.push({ step: name, seconds: took, passed, failed, ok });
  log(`${name}: ${passed} passed, ${failed} failed, ${took} s${ok ? '' : ' (step failed)'}`);
}

/** Jest's and Vitest's JSON reports both give each file's start and end time (ms since the epoch). */
function collectFileTimes(suite, report) {
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push({ suite, where, name: test.fullName ?? test.title, error: firstLines(test.failureMessages?.[0]) });
    // A file that failed before any test ran (it did not compile, a hook threw): its own message.
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push({ suite, where, name: '(the file)', error: firstLines(file.message) });
    if (!file.startTime || !file.endTime) continue;
    fileTimes.push({ suite, file: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
  }
}

function reportTimings(startedAt) {
  const total = seconds(startedAt);
  const slowest = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  const width = Math.max(...results.map((result) => result.step.length), 4);
  const lines = results.map(
    (result) => `  ${result.step.padEnd(width)}  ${String(result.seconds).padStart(7)} s  ${result.passed} passed, ${result.failed} failed`,
  );
  log(`steps (wall time):\n${lines.join('\n')}\n  ${'total'.padEnd(width)}  ${String(total).padStart(7)} s`);
  if (slowest.length) {
    log(
      `slowest ${slowest.length} test files and browser tests:\n${slowest.map((file) => `  ${file.seconds.toFixed(1).padStart(7)} s  ${file.file} (${file.suite})`).join('\n')}`,
    );
  }
  // A step that failed with no failed test of its own (lint, a check, a browser script that crashed) is named too.
  const suitesWithFailures = new Set(failures.map((failure) => failure.suite));
  const failedSteps = results.filter((result) => !result.ok && !suitesWithFailures.has(result.step.split(' ')[0]));
  if (failures.length || failedSteps.length) {
    log(
      `failed (${failures.length} tests, ${failedSteps.length} steps):\n${[
        ...failures.map((failure) => `  ✕ ${failure.where} (${failure.suite}): ${failure.name}\n      ${failure.error}`),
        ...failedSteps.map((step) => `  ✕ step "${step.step}" failed (its output is above)`),
      ].join('\n')}`,
    );
  }
  mkdirSync(path.dirname(timingsFile), { recursive: true });
  writeFileSync(
    timingsFile,
    `${JSON.stringify(
      {
        finishedAt: new Date().toISOString(),
        args: process.argv.slice(2),
        totalSeconds: total,
        steps: results.map(({ step, seconds: took, passed, failed, ok }) => ({ step, seconds: took, passed, failed, ok })),
        slowestFiles: slowest.map((file) => ({ ...file, seconds: Math.round(file.seconds * 10) / 10 })),
        failures,
      },
      null,
      2,
    )}\n`,
  );
}

function installIfNeeded() {
  if (dependenciesCurrent(root)) return true;
  log('installing dependencies (npm install, pinned by package-lock.json)');
  return run('npm', NPM_INSTALL_ARGS);
}

/** `unit`: only the `*.spec.ts` files under a workspace's src/ (pure logic: no PostgreSQL, NATS or built workspace). */
async function jestSuite({ unit = false, files } = {}) {
  const startedAt = Date.now();
  log(
    unit
      ? 'Jest: unit tests (src/**/*.spec.ts)'
      : `Jest: unit, integration (real PostgreSQL and NATS) and HTTP tests${files ? ` matching ${files}` : ''}`,
  );
  const output = path.join(resultsDir, unit ? 'jest-unit.json' : 'jest.json');
  rmSync(output, { force: true });
  // Not spawnSync: the steps that run beside Jest are started and read from this process meanwhile.
  const jest = spawn(
    process.execPath,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--ci',
      `--maxWorkers=${jestWorkers(unit)}`,
      ...(unit ? ['--testPathPatterns=/src/.*\\.spec\\.ts$'] : []),
      ...(files ? [`--testPathPatterns=${files}`] : []),
      '--json',
      `--outputFile=${output}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --no-warnings=ExperimentalWarning`.trim() },
    },
  );
  const ok = await new Promise((resolve) => {
    jest.once('error', () => resolve(false));
    jest.once('close', (code) => resolve(code === 0));
  });
  const report = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  collectFileTimes('jest', report);
  record(
    unit ? 'jest unit' : 'jest',
    report.numPassedTests,
    report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    ok,
    startedAt,
  );
}

/**
 * A command started now and left to run beside the next steps; its output goes straight into
 * .data/test-results/<logName> (the steps in between block this process, so a pipe would fill and
 * stall it). `finished()` resolves with its success; `output()` reads what it wrote.
 */
function startBeside(command, commandArgs, { cwd = root, logName }) {
  const logFile = path.join(resultsDir, logName);
  const logFd = openSync(logFile, 'w');
  const child = spawn(command, commandArgs, { cwd, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const exited = new Promise((resolve) => {
    child.once('close', (code) => resolve(code === 0));
    child.once('error', () => resolve(false));
  });
  return { finished: () => exited, output: () => readFileSync(logFile) };
}

/**
 * The frontend's Vitest tests, started beside the Jest step: Jest's integration files mostly wait on
 * PostgreSQL, NATS and the clock, and Vitest (one worker on a 2-core machine) fills the idle core. Its
 * output goes to .data/test-results/vitest.log and is printed once Jest is done; `finish()` records the step.
 */
/**
 * `workers`: Vitest's workers (its default on a 2-core machine is one). `make test-unit` gives it 2, so
 * it ends well before Jest's unit files (measured alone with one worker and a shared environment per
 * worker: 35 s; before that, 74 s with one worker and 46 s with two).
 */
function startFrontendSuite({ workers } = {}) {
  if (!existsSync(path.join(root, 'frontend/package.json'))) return { finished: async () => true, finish: async () => undefined };
  const startedAt = Date.now();
  log("Vitest: frontend component tests (beside Jest; its output follows Jest's)");
  const output = path.join(resultsDir, 'vitest.json');
  rmSync(output, { force: true });
  const vitestArgs = ['vitest', 'run', ...(workers ? [`--maxWorkers=${workers}`] : []), '--reporter=default', '--reporter=json'];
  const vitest = startBeside('npx', [...vitestArgs, `--outputFile=${output}`], {
    cwd: path.join(root, 'frontend'),
    logName: 'vitest.log',
  });
  return {
    /** Resolves with Vitest's success once it exited (for what waits for it to start). */
    finished: () => vitest.finished(),
    finish: async () => {
      const ok = await vitest.finished();
      log('Vitest: frontend component tests (its output)');
      process.stdout.write(vitest.output());
      const report = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
      collectFileTimes('vitest', report);
      // This process sat in Jest's spawnSync while Vitest ran, so Vitest's exit was seen late: its own
      // report says when its last file ended.
      const lastFileEnded = Math.max(0, ...(report.testResults ?? []).map((file) => file.endTime ?? 0));
      record('vitest', report.numPassedTests, report.numFailedTests, ok, startedAt, lastFileEnded || Date.now());
    },
  };
}

/**
 * A command run to its end without blocking this process (Jest runs meanwhile); its output is kept and
 * printed when the step is recorded. Resolves with { ok, output, startedAt, endedAt }.
 */
function runQuietly(command, commandArgs) {
  const startedAt = Date.now();
  const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n`, startedAt, endedAt: Date.now() }));
    child.once('close', (code) => resolve({ ok: code === 0, output, startedAt, endedAt: Date.now() }));
  });
}

/** The checks without a test runner of their own: each counts as one test. `when` leaves one out. */
const CHECKS = [
  {
    step: 'typecheck tests',
    title: 'tsc: type-check every test file (Jest strips types without checking them; npm run typecheck:tests)',
    command: ['npm', 'run', 'typecheck:tests', '--silent'],
  },
  {
    step: 'lint',
    title: "ESLint: TypeScript rules, React hooks and the SPA's import boundaries (npm run lint)",
    command: ['npm', 'run', 'lint', '--silent'],
  },
  {
    step: 'format',
    title: 'Prettier: every file formatted as `npm run format` leaves it (npm run format:check)',
    command: ['npm', 'run', 'format:check', '--silent'],
  },
  {
    step: 'bundle budget',
    title: 'landing page JavaScript budget',
    command: [process.execPath, 'frontend/scripts/bundle-budget.mjs'],
    when: () => existsSync(path.join(root, 'frontend/dist/.vite/manifest.json')),
  },
  {
    step: 'compose',
    title: 'docker-compose.yml check',
    command: ['bash', 'scripts/check-compose.sh'],
    when: () => existsSync(path.join(root, 'scripts/check-compose.sh')),
  },
  {
    step: 'migration retries (node --test)',
    title: 'migration retries (node --test)',
    command: [process.execPath, '--test', 'scripts/migrate-retry.test.mjs'],
  },
  {
    step: 'warm start checks (node --test)',
    title: 'warm start checks (node --test)',
    command: [process.execPath, '--test', 'scripts/warm-start.test.mjs'],
  },
  { step: 'kubernetes manifests', title: 'kubernetes manifests', command: [process.execPath, 'scripts/check-k8s.mjs'] },
  {
    step: 'monitoring (promtool, dashboard)',
    title: 'monitoring (promtool, dashboard)',
    command: [process.execPath, 'scripts/check-observability.mjs'],
  },
  {
    step: 'container runtime trees',
    title: 'container runtime trees',
    command: [process.execPath, 'scripts/production-bundle.mjs', '--verify'],
  },
];

/**
 * `npm audit` waits on the registry (up to its 60 s timeout when the advisory endpoint does not answer):
 * it is started with the Jest step and runs beside it.
 */
function startAudit() {
  return startBeside(process.execPath, ['scripts/check-supply-chain.mjs', '--audit-only'], { logName: 'npm-audit.log' });
}

/** The supply-chain check's own tests, the licences, then the audit started earlier. */
async function supplyChain(audit) {
  const unit = await runQuietly(process.execPath, ['--test', 'scripts/check-supply-chain.test.mjs']);
  const [passed, failed] = ['pass', 'fail'].map((word) => Number(new RegExp(`^# ${word} (\\d+)`, 'm').exec(unit.output)?.[1] ?? 0));
  const licences = await runQuietly(process.execPath, ['scripts/check-supply-chain.mjs', '--licenses-only']);
  const audited = await audit.finished();
  const ok = licences.ok && audited;
  return {
    step: 'supply chain',
    title: 'supply chain: licences of shipped packages and npm audit of production dependencies',
    ok: ok && unit.ok,
    passed: passed + (ok ? 1 : 0),
    failed: failed + (ok ? 0 : 1),
    output: `${unit.output}${licences.output}${audit.output()}`,
    startedAt: unit.startedAt,
    endedAt: Date.now(),
  };
}

/**
 * The steps that need neither Jest nor the browser tests, run one at a time beside Jest once Vitest is
 * done: Jest's integration files mostly wait on PostgreSQL, NATS and the clock (measured: 10–30 s of CPU
 * in files of 35–100 s), so a second process fits on a 2-core machine. One at a time, so Jest never has
 * more than one neighbour. Resolves with every step's outcome, recorded (and printed) after Jest.
 */
async function checksBesideJest(vitest, audit) {
  await vitest.finished();
  const outcomes = [];
  for (const check of CHECKS) {
    if (check.when && !check.when()) continue;
    const result = await runQuietly(check.command[0], check.command.slice(1));
    outcomes.push({ ...check, ...result, passed: result.ok ? 1 : 0, failed: result.ok ? 0 : 1 });
    if (check.step === 'format') outcomes.push(await supplyChain(audit));
  }
  return outcomes;
}

function recordChecks(outcomes) {
  for (const outcome of outcomes) {
    log(`${outcome.title} (ran beside Jest)`);
    process.stdout.write(outcome.output);
    record(outcome.step, outcome.passed, outcome.failed, outcome.ok, outcome.startedAt, outcome.endedAt);
  }
}

/**
 * One browser test script against the running system, in its own process; resolves once it ended with
 * its counts (from its 'E2E: N passed, N failed' line) after printing its output. Each of its tests is
 * listed among the slowest 'files' under the script's name.
 */
function runBrowserScript(script, port, webPort) {
  const timings = path.join(resultsDir, `e2e-${path.basename(script, '.mjs')}.json`);
  rmSync(timings, { force: true });
  const startedAt = Date.now();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: {
      ...process.env,
      E2E_BASE_URL: `http://127.0.0.1:${port}`,
      E2E_MAIL_URL: `http://127.0.0.1:${webPort}`,
      E2E_TIMINGS_FILE: timings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      log(`${script} (${seconds(startedAt)} s)`);
      process.stdout.write(output);
      if (existsSync(timings))
        for (const test of JSON.parse(readFileSync(timings, 'utf8'))) {
          fileTimes.push({ suite: 'e2e', file: `${script}: ${test.name}`, seconds: test.seconds });
          if (!test.ok) failures.push({ suite: 'e2e', where: script, name: test.name, error: firstLines(test.error) });
        }
      const summary = /E2E: (\d+) passed, (\d+) failed/.exec(output);
      resolve({ ok: code === 0, passed: summary ? Number(summary[1]) : 0, failed: summary ? Number(summary[2]) : 1 });
    });
  });
}

async function browserSuite() {
  if (!existsSync(path.join(root, 'frontend/e2e/run.mjs'))) return;
  const startedAt = Date.now();
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
    // ...and the browser scripts together sign up more accounts than 10 an hour from one address.
    RATE_LIMIT_SCALE: '10',
    // The local engine draws at a quarter of print size (a sixteenth of the pixels; apparel 1125 × 1350):
    // the browser tests check a download's kind and a width of at least 1000 px, not the print size,
    // which the design engine's own tests (packages/design-engine/test) and the HTTP tests check. The
    // browser step is bound by CPU (2 cores idle 7 %), and most of it was drawing, fitting and checking
    // designs: 327 s at half print size, 261 s at a quarter (same 28 tests, 2026-11-28).
    LOCAL_RENDER_SCALE: '0.25',
    // ...so the local Printify-shaped shop asks a quarter of Printify's 150 DPI of a print file.
    LOCAL_SHOP_MIN_DPI: '37.5',
    // A design's quality verdict waits for this pass when the image pool was busy at its ingest (the
    // other browser scripts' work): the 26-row collection test waits for all 104 verdicts. Production: 60 s.
    ASSET_QUALITY_INTERVAL_MS: '2000',
    // A listing kit or a bulk download job waits for the next pass of the design-job loop (production: 3 s).
    DESIGN_JOB_INTERVAL_MS: '500',
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
    // The flows, the collections and the accessibility audit (axe on every screen, the keyboard-only
    // flow) run at once, each in its own Chromium: their tests mostly wait on the system (generation,
    // jobs, polling), and one after the other they left a core idle; with two scripts, the flows ran
    // alone for their last 50 s. Each script's output is printed whole when it ends.
    // E2E_AT_ONCE=0 runs them one after the other (to compare, or on a machine that is busy already).
    const browserScripts = ['frontend/e2e/run.mjs', 'frontend/e2e/collections.mjs', 'frontend/e2e/accessibility.mjs'];
    const scripts = [];
    if (process.env.E2E_AT_ONCE === '0') for (const script of browserScripts) scripts.push(await runBrowserScript(script, port, webPort));
    else scripts.push(...(await Promise.all(browserScripts.map((script) => runBrowserScript(script, port, webPort)))));
    [ok, passed, failed] = [true, 0, 0];
    for (const script of scripts) {
      ok &&= script.ok;
      passed += script.passed;
      failed += script.failed;
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
  record('e2e', passed, failed, ok && ready, startedAt);
}

/**
 * A step with no tests of its own, timed like the others. The build counts as one check (as it always
 * has); install and infrastructure only count when they fail, so the Summary's count stays the tests'.
 */
function timedCheck(name, check, { counted = true } = {}) {
  const startedAt = Date.now();
  const ok = check();
  record(name, ok && counted ? 1 : 0, ok ? 0 : 1, ok, startedAt);
  return ok;
}

async function main() {
  if (!timedCheck('install', installIfNeeded, { counted: false })) return;
  if (args.has('--unit')) {
    const vitest = startFrontendSuite({ workers: 2 });
    await jestSuite({ unit: true });
    await vitest.finish();
    return;
  }
  const wantBrowser = !args.has('--skip-e2e') && !args.has('--only-jest');
  const infraFlags = ['--tesseract', ...(wantBrowser ? ['--chromium'] : []), ...(args.has('--only-jest') ? [] : ['--ops-tools'])];
  if (!timedCheck('infrastructure', () => run('bash', ['scripts/ensure-infra.sh', ...infraFlags]), { counted: false })) return;
  if (args.has('--only-e2e')) return browserSuite();
  if (!args.has('--skip-build')) {
    log('type-check and build every workspace');
    timedCheck('build', () => run('npm', ['run', 'build', '--silent']));
  }
  if (args.has('--only-jest')) return jestSuite({ files: filesPattern });
  const audit = startAudit();
  const vitest = startFrontendSuite();
  // Caught at once: a rejection left waiting for Jest would end this process.
  const checks = checksBesideJest(vitest, audit).catch((error) => [
    {
      step: 'checks beside Jest',
      title: 'checks beside Jest',
      ok: false,
      passed: 0,
      failed: 1,
      output: `${error.stack}\n`,
      startedAt: Date.now(),
      endedAt: Date.now(),
    },
  ]);
  log(
    `beside Jest, one at a time once Vitest is done (their output follows Jest's): ${CHECKS.map((check) => check.step).join(', ')}, supply chain`,
  );
  await jestSuite({ files: filesPattern });
  await vitest.finish();
  recordChecks(await checks);
  if (wantBrowser) await browserSuite();
}

const started = Date.now();
await main();
reportTimings(started);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const allOk = results.every((result) => result.ok) && failed === 0;
process.stdout.write(`\nSummary: ${passed} passed, ${failed} failed\n`);
process.exit(allOk ? 0 : 1);
