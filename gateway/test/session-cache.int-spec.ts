import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/start.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { TestClient } from './support/http.js';

// Two gateway instances in front of one system: each caches resolved sessions, and a revocation on one
// (or in auth) reaches the other at once.
describe('the session cache across two gateway instances (real PostgreSQL and NATS)', () => {
  let system: TestSystem;
  let second: RunningGateway;
  const authDb = () => system.services.auth!.infra.dataSource;

  const onSecond = (client: TestClient) => client.on(second.url);

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'notifications'], env: { SESSION_CACHE_TTL_MS: '600000' } });
    second = await system.startGatewayInstance();
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  }, 30_000);

  it('serves a cached session without asking auth, and a logout on one instance ends it on both at once', async () => {
    const { client: first, userId } = await createSignedInUser(system, 'cached@example.com');
    const other = onSecond(first);
    expect((await first.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(200);

    // Proof that both instances answer from their caches: auth no longer knows the session's token,
    // yet the user stays signed in until something revokes it (the cache is what this test is about).
    const [{ token_hash: tokenHash }] = await authDb().query(`SELECT token_hash FROM auth.sessions WHERE user_id = $1`, [userId]);
    await authDb().query(`UPDATE auth.sessions SET token_hash = $2 WHERE user_id = $1`, [userId, 'f'.repeat(64)]);
    expect((await first.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(200);
    await authDb().query(`UPDATE auth.sessions SET token_hash = $2 WHERE user_id = $1`, [userId, tokenHash]);

    expect((await first.post('/api/auth/logout')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    const firstAgain = new TestClient(system.baseUrl);
    firstAgain.setCookie('pl_session', other.cookieHeader.replace(/^pl_session=/, ''));
    expect((await firstAgain.get('/api/auth/me')).status).toBe(401);
  });

  it('ends every session of a deleted account on both instances at once', async () => {
    const { client: first, userId } = await createSignedInUser(system, 'leaving@example.com', { password: 'correct horse battery' });
    // A second device of the same user, signed in through the second instance.
    const token = randomBytes(32).toString('base64url');
    await authDb().query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      userId,
      createHash('sha256').update(token).digest('hex'),
    ]);
    const device = new TestClient(second.url);
    device.setCookie('pl_session', token);
    const firstOnSecond = onSecond(first);
    for (const client of [first, device, firstOnSecond]) expect((await client.get('/api/auth/me')).status).toBe(200);

    expect((await first.post('/api/auth/confirm-password', { password: 'correct horse battery' })).status).toBe(200);
    expect((await first.post('/api/account/delete', { confirmation: 'DELETE' })).status).toBe(200);
    for (const client of [device, firstOnSecond]) expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('never serves a session past its expiry, on either instance', async () => {
    const { client: first, userId } = await createSignedInUser(system, 'expiring@example.com');
    await authDb().query(`UPDATE auth.sessions SET expires_at = now() + interval '2 seconds' WHERE user_id = $1`, [userId]);
    const other = onSecond(first);
    expect((await first.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(200);
    const [{ ms }] = await authDb().query(
      `SELECT ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ms FROM auth.sessions WHERE user_id = $1`,
      [userId],
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms) + 50));
    expect((await first.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(401);
  });
});
