import { afterEach, describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { startHealthServer, type HealthServer } from './health-server.js';
import { waitFor } from './testing.js';

describe('health server', () => {
  let server: HealthServer | undefined;
  afterEach(async () => server?.close());

  it('answers liveness while a dependency is down, and readiness 503 naming it', async () => {
    let postgresUp = false;
    server = await startHealthServer(
      'billing',
      0,
      {
        ready: {
          postgres: async () => {
            if (!postgresUp) throw new Error('connection refused');
          },
        },
      },
      new Registry(),
    );
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${server!.port}${path}`).then(async (r) => ({ status: r.status, body: await r.json() }));

    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok', service: 'billing' } });
    expect(await get('/health/ready')).toEqual({
      status: 503,
      body: { status: 'error', service: 'billing', checks: { postgres: 'down: connection refused' } },
    });
    expect((await get('/health')).status).toBe(503);

    postgresUp = true;
    expect(await get('/health/ready')).toEqual({ status: 200, body: { status: 'ok', service: 'billing', checks: { postgres: 'up' } } });
  });

  it('stays ready while a reported dependency is down or hangs, and reports it as a metric without waiting for it', async () => {
    let storage: 'down' | 'hanging' | 'up' = 'down';
    const registry = new Registry();
    server = await startHealthServer(
      'gateway',
      0,
      {
        ready: { nats: async () => undefined },
        reported: {
          storage: () =>
            storage === 'hanging'
              ? new Promise<void>(() => undefined)
              : storage === 'down'
                ? Promise.reject(new Error('connect ECONNREFUSED'))
                : Promise.resolve(),
        },
      },
      registry,
      { refreshMs: 50 },
    );
    const get = (path: string) => fetch(`http://127.0.0.1:${server!.port}${path}`);
    const storageUp = async () =>
      /printloom_dependency_up\{dependency="storage"[^}]*\} (\d)/.exec(await (await get('/metrics')).text())?.[1];

    await waitFor(async () => (await storageUp()) === '0');
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      service: 'gateway',
      checks: { nats: 'up' },
      reported: { storage: 'down: connect ECONNREFUSED' },
    });

    // A check that never answers holds up neither the probe nor the scrape (the checks' own limit is 2 s).
    storage = 'hanging';
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect((await get('/health/ready')).status).toBe(200);
    expect(await storageUp()).toBe('0');
    expect(Date.now() - started).toBeLessThan(1000);

    storage = 'up';
    await waitFor(async () => (await storageUp()) === '1', { timeoutMs: 10_000 });
  });
});
