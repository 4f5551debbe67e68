import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadGatewayConfig } from '../src/config.js';
import { startGateway, type RunningGateway } from '../src/start.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';

describe('production shows no internals on the public port (real NATS, gateway only)', () => {
  let system: TestSystem;
  const gateways: RunningGateway[] = [];

  /**
   * One more gateway on the system's NATS and storage, with these variables on top. Production needs
   * NATS credentials; the test system's server is open, so any strong password is let in.
   */
  async function gateway(env: Record<string, string>) {
    const nats = { NATS_USER: 'gateway', NATS_PASSWORD: randomBytes(32).toString('hex') };
    const site = { PUBLIC_URL: 'https://printloom.example.com' };
    const started = await startGateway(loadGatewayConfig({ ...system.env, ...nats, ...site, PORT: '0', HOST: '127.0.0.1', ...env }));
    gateways.push(started);
    return { started, client: new TestClient(started.url) };
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: [] });
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(gateways.map((started) => started.close()));
    await system?.close();
  });

  it('answers /api/docs with 404 in production unless PUBLIC_API_DOCS=true', async () => {
    const { client: production } = await gateway({ NODE_ENV: 'production' });
    expect(await production.get('/api/docs')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const { client: documented } = await gateway({ NODE_ENV: 'production', PUBLIC_API_DOCS: 'true' });
    expect(await documented.get('/api/docs')).toMatchObject({ status: 200, body: { openapi: '3.1.0' } });
    expect(await new TestClient(system.baseUrl).get('/api/docs')).toMatchObject({ status: 200, body: { openapi: '3.1.0' } });
  });

  it('answers the public health in production with the status alone; the details stay on the internal health port', async () => {
    const { started, client } = await gateway({ NODE_ENV: 'production' });
    for (const path of ['/api/health', '/api/health/ready'])
      expect(await client.get(path)).toEqual(expect.objectContaining({ status: 200, body: { status: 'ok' } }));
    const internal = await fetch(`http://127.0.0.1:${started.healthPort}/health/ready`);
    expect(internal.status).toBe(200);
    expect(await internal.json()).toEqual({
      status: 'ok',
      service: 'gateway',
      checks: { nats: 'up' },
      reported: { storage: expect.any(String) },
    });
    // Outside production the public answer keeps its details (make dev, the tests).
    expect(await new TestClient(system.baseUrl).get('/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', service: 'gateway', checks: { nats: 'up' } },
    });
  });
});
