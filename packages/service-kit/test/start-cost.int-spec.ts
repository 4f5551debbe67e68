import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { transformFileSync } from '@swc/core';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
// Inside the package, so the child resolves typeorm and OpenTelemetry from node_modules like a real process.
const work = path.resolve(src, `../.tmp/start-cost-${process.pid}`);

/** Which of the heavy CommonJS packages a real process has loaded after `body` (their modules in require's cache). */
function loadedAfter(body: string): { typeorm: boolean; otlpExporter: boolean } {
  writeFileSync(
    path.join(work, 'child.mjs'),
    [
      "import { createRequire } from 'node:module';",
      "import { openDatabase } from './database.js';",
      "import { initTracing } from './tracing.js';",
      body,
      'const cached = Object.keys(createRequire(import.meta.url).cache);',
      'process.stdout.write(JSON.stringify({',
      "  typeorm: cached.some((file) => file.includes('/node_modules/typeorm/')),",
      "  otlpExporter: cached.some((file) => file.includes('/exporter-trace-otlp-http/')),",
      '}));',
    ].join('\n'),
  );
  const child = spawnSync(process.execPath, ['child.mjs'], { cwd: work, encoding: 'utf8', timeout: 20_000 });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { typeorm: boolean; otlpExporter: boolean };
}

// A process that imports the kit (the gateway has no database) and runs without a collector should not
// pay for loading TypeORM's ~300 modules or the OTLP exporter's ~130 at every start.
describe('what a process start loads', () => {
  beforeAll(() => {
    mkdirSync(work, { recursive: true });
    for (const file of ['database', 'tracing']) {
      const { code } = transformFileSync(path.join(src, `${file}.ts`), {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      });
      writeFileSync(path.join(work, `${file}.js`), code);
    }
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('loads neither TypeORM nor the OTLP exporter until a database opens or a collector is set', () => {
    expect(loadedAfter("await initTracing('start-cost');")).toEqual({ typeorm: false, otlpExporter: false });
  });

  it('loads the exporter when a collector is set, and TypeORM when a database opens', () => {
    expect(
      loadedAfter(
        [
          "await initTracing('start-cost', 'http://127.0.0.1:4318');",
          // the URL of a database nobody answers: TypeORM is loaded before the connection fails
          "await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', schema: 'none', migrations: [], migrate: false }).catch(() => undefined);",
        ].join('\n'),
      ),
    ).toEqual({ typeorm: true, otlpExporter: true });
  });
});
