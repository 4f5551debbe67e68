import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'minio';
import S3rver from 's3rver';
import { freePort, waitFor } from '@printloom/service-kit/testing';
import { prepareStorage, storageEnvSchema } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';

// Object storage is no readiness dependency of the gateway: a slow or unreachable S3, or a missing
// bucket, is reported by printloom_dependency_up{dependency="storage"} (and an alert) while the gateway
// stays ready for every answer that does not need it. No running app creates the bucket.
describe('gateway readiness with object storage down (real NATS, a real S3 server: s3rver)', () => {
  let system: TestSystem;
  let s3: S3rver;
  let dir: string;
  let admin: Client;
  let env: Record<string, string>;

  const storageMetric = async () => {
    const text = await (await fetch(`http://127.0.0.1:${system.gateway.healthPort}/metrics`)).text();
    return /^printloom_dependency_up\{dependency="storage"[^}]*\} (\d)$/m.exec(text)?.[1];
  };
  const ready = async () => {
    const [publicProbe, internalProbe] = await Promise.all([
      new TestClient(system.baseUrl).get('/api/health/ready'),
      fetch(`http://127.0.0.1:${system.gateway.healthPort}/health/ready`),
    ]);
    const internalBody = (await internalProbe.json()) as { status: string; checks: object; reported: { storage: string } };
    return { public: publicProbe.status, internal: internalProbe.status, internalBody };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pl-s3rver-ready-'));
    const port = await freePort();
    s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
    await s3.run();
    admin = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', pathStyle: true });
    env = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'printloom-readiness',
    };
    system = await startTestSystem({ services: [], env });
  }, 60_000);

  afterAll(async () => {
    await system?.close();
    await s3?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('creates no bucket at start or in its checks: a missing bucket is reported, not fatal', async () => {
    await waitFor(async () => (await storageMetric()) === '0', { what: 'storage reported down (no bucket)' });
    expect(await admin.bucketExists('printloom-readiness')).toBe(false);
    expect(await ready()).toMatchObject({ public: 200, internal: 200, internalBody: { checks: { nats: 'up' } } });

    await prepareStorage(storageEnvSchema.parse(env)); // the migrate step
    await waitFor(async () => (await storageMetric()) === '1', { what: 'storage reported up once the migrate step made the bucket' });
  });

  it('stays ready while the S3 server is stopped, and the metric shows storage down', async () => {
    await s3.close();
    await waitFor(async () => (await storageMetric()) === '0', { what: 'storage reported down' });
    const probes = await ready();
    expect(probes).toMatchObject({ public: 200, internal: 200, internalBody: { status: 'ok', checks: { nats: 'up' } } });
    expect(probes.internalBody.reported.storage).toMatch(/^down: /);
  });
});
