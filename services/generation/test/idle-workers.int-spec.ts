import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { loadGenerationConfig } from '../src/config.js';
import { startGenerationService } from '../src/start.js';
import { JobQueue, PRIORITY_TIERS } from '../src/jobs/job-queue.js';

/**
 * Idle is idle: workers with nothing to do wait for a job to be published instead of asking JetStream
 * for consumer info many times a second (the request path was ~160 requests/s on an idle system).
 */
describe('idle generation workers (real NATS JetStream and PostgreSQL)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let storageDir: string;
  let service: RunningService;
  let nc: NatsConnection;
  let ackWaitMs: number;

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-idle-workers-'));
    const env = {
      ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)])),
      STORAGE_DRIVER: 'fs',
      STORAGE_DIR: storageDir,
      GENERATION_CONCURRENCY: '4',
    };
    const config = loadGenerationConfig(env);
    ackWaitMs = config.JOB_ACK_WAIT_MS;
    service = await startGenerationService(config);
    nc = await connectNats(nats.url, 'test');
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await service?.close();
    await nats?.stop();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  }, 30_000);

  it('ask JetStream for consumer info a few times per window, not per loop and tier every 50 ms', async () => {
    let infoRequests = 0;
    const watcher = nc.subscribe('$JS.API.CONSUMER.INFO.>', {
      callback: () => {
        infoRequests += 1;
      },
    });
    await nc.flush();
    const windowMs = 4_000;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    watcher.unsubscribe();
    // Before: 4 loops × tiers × (4000 / 50) ≈ 960 requests in this window. Now: one shared read per
    // idle re-check (every 2 s), i.e. about 2–3 reads of every tier.
    expect(infoRequests).toBeLessThanOrEqual(4 * PRIORITY_TIERS.length);
  });

  it('wakes an idle queue as soon as a job is published', async () => {
    const queue = new JobQueue(nc, ackWaitMs);
    await queue.ensure();
    const seen = queue.arrivals;
    const woken = queue.waitForArrival(3_600_000, seen).then(() => 'woken');
    await queue.publish('00000000-0000-4000-8000-0000000000aa', PRIORITY_TIERS[0]);
    expect(await woken).toBe('woken');
    expect(queue.arrivals).toBeGreaterThan(seen);
    queue.close();
  });
});
