import { afterEach, describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { startHealthServer, type HealthServer } from './health-server.js';

describe('health server', () => {
  let server: HealthServer | undefined;
  afterEach(async () => server?.close());

  it('answers liveness while a dependency is down, and readiness 503 naming it', async () => {
    let postgresUp = false;
    server = await startHealthServer(
      'billing',
      0,
      {
        postgres: async () => {
          if (!postgresUp) throw new Error('connection refused');
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
});
