import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ERROR_STATUS, ROUTES } from '@printloom/contracts';
import { buildOpenApiDocument } from './openapi.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const redocly = path.join(root, 'node_modules/.bin/redocly');

interface Operation {
  operationId: string;
  security: unknown[];
  responses: Record<string, unknown>;
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods) as Operation[]);

  it('names every operation once, after its route', () => {
    expect(operations).toHaveLength(ROUTES.length);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(ROUTES.length);
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  it('marks public operations as needing no session and documents one shared error body with its code', () => {
    const login = document.paths['/api/auth/login'].post as Operation;
    const me = document.paths['/api/auth/me'].get as Operation;
    expect(login.security).toEqual([]);
    expect(me.security).toEqual([{ session: [] }]);
    expect(me.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
    const errorSchema = document.components.schemas.Error as { required: string[]; properties: { code: { enum: string[] } } };
    expect(errorSchema.required).toEqual(['error', 'code']);
    expect(errorSchema.properties.code.enum).toEqual(Object.keys(ERROR_STATUS));
  });

  it('passes redocly lint with its recommended rules: no errors, no warnings', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document, null, 2));
      // Exits 0 on warnings and 1 on errors; the JSON report counts both either way.
      const { stdout } = await promisify(execFile)(redocly, ['lint', '--extends', 'recommended', '--format', 'json', file], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
