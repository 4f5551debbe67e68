import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { transformFileSync } from '@swc/core';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
// Inside the package, so the child resolves pino from node_modules like the real service does.
const work = path.resolve(src, `../.tmp/crash-${process.pid}`);

/** A real process with the crash policy installed: does it log once and exit so it is restarted? */
function runChild(body: string) {
  writeFileSync(
    path.join(work, 'child.mjs'),
    [
      "import { installCrashPolicy } from './crash-policy.js';",
      "import { createLogger, runWithRequestContext } from './logger.js';",
      "installCrashPolicy(createLogger('crash-test'));",
      body,
      "setTimeout(() => process.stdout.write('still alive\\n'), 1000);",
    ].join('\n'),
  );
  const child = spawnSync(process.execPath, ['child.mjs'], { cwd: work, encoding: 'utf8', timeout: 20_000 });
  const lines = child.stdout.split('\n').filter(Boolean);
  return {
    status: child.status,
    lines,
    logged: lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('the crash policy in a real process', () => {
  beforeAll(() => {
    mkdirSync(work, { recursive: true });
    for (const file of ['crash-policy', 'logger', 'tracing']) {
      const { code } = transformFileSync(path.join(src, `${file}.ts`), {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      });
      writeFileSync(path.join(work, `${file}.js`), code);
    }
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('logs an unhandled rejection with its request id as fatal and exits with 1', () => {
    const { status, lines, logged } = runChild(
      "runWithRequestContext({ requestId: 'req-abc12345' }, () => { setTimeout(() => { Promise.reject(new Error('ZIP pipeline rejected')); }, 10); });",
    );
    expect(status).toBe(1);
    expect(lines).not.toContain('still alive');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'fatal',
        service: 'crash-test',
        kind: 'unhandledRejection',
        requestId: 'req-abc12345',
        err: expect.objectContaining({ message: 'ZIP pipeline rejected' }),
      }),
    ]);
  });

  it('does the same for an uncaught exception', () => {
    const { status, logged } = runChild("setTimeout(() => { throw new TypeError('boom'); }, 10);");
    expect(status).toBe(1);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'fatal',
        kind: 'uncaughtException',
        err: expect.objectContaining({ type: 'TypeError', message: 'boom' }),
      }),
    ]);
  });
});
