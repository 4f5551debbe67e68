import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, ROUTES } from '@printloom/contracts';
import { connectNats } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';
import { createSignedInUser } from './support/sessions.js';

describe('gateway plumbing (real NATS, PostgreSQL, auth service)', () => {
  let system: TestSystem;
  let visitor: TestClient;
  let signedIn: TestClient;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth'] });
    visitor = new TestClient(system.baseUrl);
    ({ client: signedIn } = await createSignedInUser(system, 'plumbing@example.com'));
  });

  afterAll(async () => {
    await system?.close();
  });

  it('answers a visitor on /api/auth/me with 401 and the JSON error', async () => {
    const response = await visitor.get('/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Not authenticated', code: 'UNAUTHENTICATED' });
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('goes through auth and PostgreSQL for an unknown session cookie', async () => {
    const stranger = new TestClient(system.baseUrl);
    stranger.setCookie('pl_session', 'forged-token');
    const response = await stranger.get('/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Not authenticated', code: 'UNAUTHENTICATED' });
  });

  it('serves a signed-in user from the auth service', async () => {
    const response = await signedIn.get('/api/auth/me');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user: { email: 'plumbing@example.com', hasPassword: false, hasGoogleAuth: false } });
  });

  it('gives every request an id and passes it on', async () => {
    const response = await visitor.get('/api/auth/me', { 'x-request-id': 'trace-abc-12345' });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-12345');
    const generated = await visitor.get('/api/auth/me');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await visitor.post('/api/auth/login', '{"email": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed JSON body', code: 'BAD_REQUEST' });
  });

  it('validates bodies with the contract schemas', async () => {
    const missing = await visitor.post('/api/auth/login', {});
    expect(missing.status).toBe(400);
    expect(typeof missing.body.error).toBe('string');
    const badEmail = await visitor.post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(badEmail).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address' } });
    const badId = await signedIn.get('/api/jobs/not-a-uuid');
    expect(badId).toMatchObject({ status: 400, body: { error: 'Invalid id' } });
  });

  it('refuses state-changing requests from another origin, and accepts its own however it was reached', async () => {
    const response = await visitor.post('/api/auth/login', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(response).toMatchObject({ status: 403, body: { error: 'Cross-site request refused', code: 'FORBIDDEN' } });
    const crossSite = await visitor.post(
      '/api/auth/login',
      { email: 'a@b.co', password: 'x' },
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    const ownOrigin = await visitor.post('/api/auth/login', { email: 'a@b.co', password: 'wrong password' }, { origin: system.baseUrl });
    expect(ownOrigin.status).toBe(401);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await visitor.get('/api/no-such-thing');
    expect(response).toMatchObject({ status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
  });

  it('has every route of the spec: none answers 404', async () => {
    const { client } = await createSignedInUser(system, 'every-route@example.com'); // the loop logs it out
    for (const route of ROUTES) {
      const path = route.path
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':sessionId', '00000000-0000-4000-8000-000000000000');
      const response = await client.request(route.method, path);
      expect({ route: `${route.method} ${route.path}`, status: response.status }).not.toMatchObject({ status: 404 });
      expect(response.status).toBeLessThan(600);
    }
  });

  it('answers 503 naming the service when the service of a route is down (billing is not started here)', async () => {
    expect(await signedIn.post('/api/stripe/portal')).toMatchObject({
      status: 503,
      body: { error: 'The billing service is unavailable. Please try again shortly.', code: 'UNAVAILABLE' },
    });
  });

  it('answers 501 when the service of a route is up but has no handler for its subject', async () => {
    // A billing instance that does not know the subject answers as a Nest microservice does.
    const nc = await connectNats(system.nats.url, 'test-billing-without-handler');
    const subscription = nc.subscribe(BILLING.portal, {
      callback: (_error, message) => {
        message.respond(JSON.stringify({ err: 'There is no matching message handler defined in the remote service.', isDisposed: true }));
      },
    });
    // The server knows the subscription once the flush comes back: a request before that finds no responders.
    await nc.flush();
    try {
      expect(await signedIn.post('/api/stripe/portal')).toMatchObject({
        status: 501,
        body: { error: 'Not implemented yet', code: 'NOT_IMPLEMENTED' },
      });
    } finally {
      subscription.unsubscribe();
      await nc.close();
    }
  });

  it('serves the OpenAPI document generated from the route table', async () => {
    const response = await visitor.get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/docs');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      expect(response.body.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]).toBeDefined();
    }
    const login = response.body.paths['/api/auth/login'].post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
    };
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('reports its own health', async () => {
    const response = await visitor.get('/api/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok', checks: { nats: 'up' } } });
  });

  it('separates liveness (process up) from readiness (NATS reachable; storage is no readiness dependency)', async () => {
    expect(await visitor.get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok', service: 'gateway' } });
    expect(await visitor.get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { nats: 'up' } },
    });
    expect(Object.keys((await visitor.get<{ checks: object }>('/api/health/ready')).body.checks)).toEqual(['nats']);
  });

  it('keeps /api/auth/me answering when one of two auth instances dies, and says 503 when none is left', async () => {
    const second = await system.startInstance('auth');
    await system.services.auth!.close();
    for (let i = 0; i < 20; i += 1) {
      expect((await signedIn.get('/api/auth/me')).status).toBe(200);
    }
    await second.close();
    const down = await signedIn.get('/api/auth/me');
    expect(down.status).toBe(503);
    expect(down.body.error).toMatch(/auth service is unavailable/);
  });
});
