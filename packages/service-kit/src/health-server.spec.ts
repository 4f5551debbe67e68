import { afterEach, describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { runChecks, startHealthServer, type HealthServer } from './health-server.js';
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
    let hangingCalls = 0;
    const releaseHanging: Array<() => void> = [];
    const registry = new Registry();
    server = await startHealthServer(
      'gateway',
      0,
      {
        ready: { nats: async () => undefined },
        reported: {
          storage: () => {
            if (storage === 'hanging') {
              hangingCalls += 1;
              return new Promise<void>((resolve) => releaseHanging.push(resolve));
            }
            return storage === 'down' ? Promise.reject(new Error('connect ECONNREFUSED')) : Promise.resolve();
          },
        },
      },
      registry,
      // A check limit far beyond the test's own: a probe or scrape that waited for the hanging check would not answer in time.
      { refreshMs: 50, checkTimeoutMs: 10 * 60_000 },
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

    // While the storage check hangs, neither the probe nor the scrape waits for it: both answer with the last result.
    storage = 'hanging';
    await waitFor(() => hangingCalls > 0);
    const whileHanging = await get('/health/ready');
    expect(whileHanging.status).toBe(200);
    expect(((await whileHanging.json()) as { reported: unknown }).reported).toEqual({ storage: 'down: connect ECONNREFUSED' });
    expect(await storageUp()).toBe('0');

    storage = 'up';
    for (const release of releaseHanging) release();
    await waitFor(async () => (await storageUp()) === '1', { timeoutMs: 10_000 });
  });

  it('counts a check that outlasts its limit as down', async () => {
    const results = await runChecks({ slow: () => new Promise<void>(() => undefined), quick: async () => undefined }, 20);
    expect(results).toEqual({ slow: 'down: timed out after 20 ms', quick: 'up' });
  });
});
