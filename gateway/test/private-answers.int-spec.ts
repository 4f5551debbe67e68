import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';
import { createSignedInUser } from './support/sessions.js';

const PRIVATE = 'private, no-store';

describe('answers under /api are never kept by a shared cache (real NATS, PostgreSQL, auth, billing and assets)', () => {
  let system: TestSystem;
  let visitor: TestClient;
  let signedIn: TestClient;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    visitor = new TestClient(system.baseUrl);
    ({ client: signedIn } = await createSignedInUser(system, 'private-answers@example.com'));
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  });

  it.each([
    ['GET /api/auth/me, routed (fills the me view)', () => signedIn.get('/api/auth/me'), 200],
    ['GET /api/auth/me again, from the cached view before routing', () => signedIn.get('/api/auth/me'), 200],
    ['GET /api/assets, routed (fills the page cache)', () => signedIn.get('/api/assets?limit=20'), 200],
    ['GET /api/assets again, from the cached page before routing', () => signedIn.get('/api/assets?limit=20'), 200],
    ['GET /api/assets/usage', () => signedIn.get('/api/assets/usage'), 200],
    ['GET /api/export-presets (public)', () => visitor.get('/api/export-presets'), 200],
    ['GET /api/auth/me as a visitor (401)', () => visitor.get('/api/auth/me'), 401],
    ['POST /api/auth/login with a bad body (400)', () => visitor.post('/api/auth/login', { email: 'not an email' }), 400],
    ['POST /api/auth/login with unreadable JSON (400)', () => visitor.post('/api/auth/login', '{"email":'), 400],
    ['GET /api/no-such-route (404)', () => visitor.get('/api/no-such-route'), 404],
  ])('%s carries Cache-Control: private, no-store', async (_name, call, status) => {
    const response = await call();
    expect({ status: response.status, cacheControl: response.headers.get('cache-control') }).toEqual({ status, cacheControl: PRIVATE });
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
