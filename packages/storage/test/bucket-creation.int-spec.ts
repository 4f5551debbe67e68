import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'minio';
import S3rver from 's3rver';
import { freePort } from '@printloom/service-kit/testing';
import { createStorage, storageEnvSchema } from '../src/index.js';

const run = promisify(execFile);
const migrateScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/migrate.mjs');

// Buckets are created by the migrate step (scripts/migrate.mjs), never by a running app: a key scoped to
// one bucket may not create it, and a bucket-creating readiness check made every gateway unready at once.
describe('the bucket, created by the migrate step against a real S3 server (s3rver)', () => {
  let server: S3rver;
  let dir: string;
  let env: Record<string, string>;
  let admin: Client;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pl-s3rver-bucket-'));
    const port = await freePort();
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
    await server.run();
    env = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'printloom-migrated',
    };
    admin = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', pathStyle: true });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is not created by an app's storage check, which reports it missing", async () => {
    const storage = createStorage(storageEnvSchema.parse(env));
    await expect(storage.check()).rejects.toThrow('bucket printloom-migrated does not exist (run the migrate step)');
    expect(await admin.bucketExists('printloom-migrated')).toBe(false);
  });

  it('is created by `migrate.mjs --storage`, idempotently, after which the check passes', async () => {
    const childEnv = { PATH: process.env.PATH ?? '', ...env };
    const first = await run(process.execPath, [migrateScript, '--storage'], { env: childEnv });
    expect(first.stdout).toContain('[migrate] storage: bucket printloom-migrated is there');
    expect(await admin.bucketExists('printloom-migrated')).toBe(true);
    await expect(run(process.execPath, [migrateScript, '--storage'], { env: childEnv })).resolves.toBeDefined();
    await expect(createStorage(storageEnvSchema.parse(env)).check()).resolves.toBeUndefined();
  });
});
