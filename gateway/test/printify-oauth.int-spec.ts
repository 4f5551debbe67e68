import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LIMITS, PUBLISHING_MESSAGES, type ConnectionState } from '@printloom/contracts';
import type { RunningService } from '@printloom/service-kit';
import { startLocalShop, type LocalShop } from '../../services/publishing/src/local-shop/local-shop.js';
import { DEVELOPMENT_CONNECTION_KEY } from '../../services/publishing/src/connections/token-cipher.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { TestClient } from './support/http.js';

const PASSWORD = 'correct horse battery';
const APP_ID = 'printloom-test-app';
const SIX_HOURS = 6 * 60 * 60_000;

/**
 * Connecting Printify with OAuth 2.0 through the API, against the local shop's authorize page and token
 * endpoints: the redirect with a state bound to the session, accept and decline, the state refused once
 * used, expired or from another session, and the access token refreshed before it expires.
 */
describe('Printify OAuth connect (real PostgreSQL and NATS, the local shop)', () => {
  let system: TestSystem;
  let shop: LocalShop;
  let publishing: RunningService;
  let addresses = 0;

  beforeAll(async () => {
    shop = await startLocalShop({ tokens: ['local-shop-token'] });
    system = await startTestSystem({
      services: ['auth', 'billing', 'publishing'],
      env: {
        PRINTIFY_API_BASE: shop.apiBase,
        PRINTIFY_APP_ID: APP_ID,
        PRINTIFY_AUTHORIZE_URL: `${shop.url}/app/authorize`,
        TRUST_PROXY: '1',
      },
    });
    publishing = system.services.publishing!;
  }, 60_000);

  afterAll(async () => {
    await system?.close();
    await shop?.close();
  }, 30_000);

  async function seller(email: string) {
    const user = await createSignedInUser(system, email, { password: PASSWORD });
    expect((await user.client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
    return user;
  }
  const ip = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

  /** Our redirect to Printify's authorize page: its query. */
  async function authorize(client: TestClient) {
    const started = await client.get('/api/connections/printify/authorize', ip());
    expect(started.status).toBe(302);
    const location = new URL(started.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${shop.url}/app/authorize`);
    return location;
  }

  /** The merchant's choice on Printify's page; answers where Printify sends the browser back (our callback, as a path). */
  async function decide(location: URL, decision: 'accept' | 'decline'): Promise<string> {
    const page = await fetch(location);
    expect(await page.text()).toContain(`/app/authorize/${decision}?`);
    const chosen = await fetch(`${shop.url}/app/authorize/${decision}${location.search}`, { redirect: 'manual' });
    expect(chosen.status).toBe(302);
    const back = new URL(chosen.headers.get('location')!);
    expect(back.pathname).toBe('/api/connections/printify/callback');
    return `${back.pathname}${back.search}`;
  }

  const connection = async (client: TestClient) => (await client.get<ConnectionState>('/api/connections/printify')).body;

  it('redirects to the authorize page with app id, accept and decline URLs and a state; accept connects, with the outcome shown', async () => {
    const { client, userId } = await seller('oauth-accept@example.com');
    expect(await connection(client)).toMatchObject({ connected: false, oauthAvailable: true });
    const location = await authorize(client);
    expect(location.searchParams.get('app_id')).toBe(APP_ID);
    expect(location.searchParams.get('accept_url')).toMatch(/\/api\/connections\/printify\/callback$/);
    expect(location.searchParams.get('decline_url')).toBe(location.searchParams.get('accept_url'));
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

    const callback = await decide(location, 'accept');
    const landed = await client.get(callback);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(
      `/account?${new URLSearchParams({ printify: 'connected', message: PUBLISHING_MESSAGES.oauthConnected })}#connections`,
    );
    expect(await connection(client)).toMatchObject({ connected: true, via: 'oauth', needsReconnect: false, shopId: expect.any(Number) });
    const [row] = await publishing.infra.dataSource.query(
      `SELECT access_expires_at, refresh_sealed IS NOT NULL AS has_refresh, token_sealed::text AS sealed FROM publishing.connections WHERE user_id = $1`,
      [userId],
    );
    expect(row.has_refresh).toBe(true);
    expect(row.sealed).not.toContain('oauth-access');
    expect(new Date(row.access_expires_at).getTime()).toBeGreaterThan(Date.now() + SIX_HOURS - 60 * 60_000);
    // The state was used: the same callback again is refused, and changes nothing.
    expect(await client.get(callback)).toMatchObject({ status: 400, body: { error: PUBLISHING_MESSAGES.oauthStateRefused } });
  });

  it('a declined grant connects nothing and says so', async () => {
    const { client } = await seller('oauth-decline@example.com');
    const landed = await client.get(await decide(await authorize(client), 'decline'));
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toContain('printify=declined');
    expect(await connection(client)).toMatchObject({ connected: false });
  });

  it('refuses a state that expired, that another session or seller started, and an authorize without a recent proof', async () => {
    const { client, userId } = await seller('oauth-states@example.com');
    // Another session of the same seller.
    const elsewhere = new TestClient(system.baseUrl);
    expect((await elsewhere.post('/api/auth/login', { email: 'oauth-states@example.com', password: PASSWORD })).status).toBe(200);
    const theirs = await decide(await authorize(client), 'accept');
    expect(await elsewhere.get(theirs)).toMatchObject({ status: 400, body: { error: PUBLISHING_MESSAGES.oauthStateRefused } });
    // Another seller.
    const other = await seller('oauth-other@example.com');
    const again = await decide(await authorize(client), 'accept');
    expect(await other.client.get(again)).toMatchObject({ status: 400 });
    // Expired (10 minutes).
    const late = await decide(await authorize(client), 'accept');
    await publishing.infra.dataSource.query(
      `UPDATE publishing.oauth_states SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    expect(await client.get(late)).toMatchObject({ status: 400 });
    expect(await connection(client)).toMatchObject({ connected: false });
    // A callback without a state is bad input; a signed-out browser is 401.
    expect((await client.get('/api/connections/printify/callback?code=x')).status).toBe(400);
    expect((await new TestClient(system.baseUrl).get(late)).status).toBe(401);
    // Starting needs a recent proof, as the token connect does.
    const stale = await createSignedInUser(system, 'oauth-stale@example.com', { password: PASSWORD });
    expect(await stale.client.get('/api/connections/printify/authorize', ip())).toMatchObject({
      status: 403,
      body: { code: 'REAUTH_REQUIRED' },
    });
  });

  it('refreshes an access token with less than 10 minutes left once for two requests side by side, then a refused refresh asks to reconnect', async () => {
    const { client, userId } = await seller('oauth-refresh@example.com');
    shop.setOAuthAccessTtl(5 * 60_000);
    await client.get(await decide(await authorize(client), 'accept'));
    shop.setOAuthAccessTtl(SIX_HOURS);
    const hintBefore = (await connection(client)).tokenHint;
    let refreshes = 0;
    const rowDuringRefresh: string[] = [];
    shop.onRefresh(async () => {
      refreshes += 1;
      // No transaction holds the connection's row while Printify answers: another session locks it within a
      // second (the other request's claim statement may hold it for an instant; a transaction open across
      // this call would hold it until the call returns, which waits on this lock).
      rowDuringRefresh.push(
        await publishing.infra.dataSource
          .transaction(async (manager) => {
            await manager.query(`SET LOCAL lock_timeout = '1s'`);
            await manager.query(`SELECT 1 FROM publishing.connections WHERE user_id = $1 FOR UPDATE`, [userId]);
          })
          .then(
            () => 'free',
            (error: Error) => `locked: ${error.message}`,
          ),
      );
      // Held a moment, so that the second request arrives while the first refresh is under way.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    try {
      const answers = await Promise.all([client.get('/api/product-templates'), client.get('/api/product-templates')]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      shop.onRefresh(null);
    }
    expect(refreshes).toBe(1);
    expect(rowDuringRefresh).toEqual(['free']);
    const [row] = await publishing.infra.dataSource.query(`SELECT access_expires_at FROM publishing.connections WHERE user_id = $1`, [
      userId,
    ]);
    expect(new Date(row.access_expires_at).getTime()).toBeGreaterThan(Date.now() + SIX_HOURS - 60 * 60_000);
    const refreshed = await connection(client);
    expect(refreshed.tokenHint).not.toBe(hintBefore);
    expect(refreshed.needsReconnect).toBe(false);

    // A refresh claimed by a process that died (its claim ran out) is taken over: the next request refreshes.
    await publishing.infra.dataSource.query(
      `UPDATE publishing.connections SET access_expires_at = now() + interval '1 minute', refresh_claim = gen_random_uuid(),
         refresh_claimed_until = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    expect((await client.get('/api/product-templates')).status).toBe(200);
    const [taken] = await publishing.infra.dataSource.query(
      `SELECT access_expires_at, refresh_claim FROM publishing.connections WHERE user_id = $1`,
      [userId],
    );
    expect(taken.refresh_claim).toBeNull();
    expect(new Date(taken.access_expires_at).getTime()).toBeGreaterThan(Date.now() + SIX_HOURS - 60 * 60_000);

    // Printify refuses the next refresh (400): the connection asks the seller to reconnect.
    await publishing.infra.dataSource.query(
      `UPDATE publishing.connections SET access_expires_at = now() + interval '1 minute' WHERE user_id = $1`,
      [userId],
    );
    shop.refuseRefreshes(true);
    try {
      await client.get('/api/product-templates');
    } finally {
      shop.refuseRefreshes(false);
    }
    expect(await connection(client)).toMatchObject({ connected: true, needsReconnect: true });
  });

  it('counts each authorize among the connects of the seller and of the address (LIMITS.printifyConnectsPerHour), with the token connect', async () => {
    const { client } = await seller('oauth-limits@example.com');
    const home = { 'x-forwarded-for': '203.0.113.77' };
    for (let attempt = 0; attempt < LIMITS.printifyConnectsPerHour - 1; attempt += 1)
      expect((await client.get('/api/connections/printify/authorize', home)).status).toBe(302);
    expect((await client.post('/api/connections/printify', { token: 'one-more-guess-xxxx' }, home)).status).toBe(422);
    expect(await client.get('/api/connections/printify/authorize', home)).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED', error: PUBLISHING_MESSAGES.tooManyConnects },
    });
  });

  it('re-seals a grant (access and refresh token) after a CONNECTIONS_KEY rotation, and it still refreshes', async () => {
    const { client, userId } = await seller('oauth-rotation@example.com');
    await client.get(await decide(await authorize(client), 'accept'));
    await publishing.close();
    publishing = await system.startInstance('publishing', {
      CONNECTIONS_KEY: `k7:${randomBytes(32).toString('base64')},dev:${DEVELOPMENT_CONNECTION_KEY.key.toString('base64')}`,
    });
    try {
      const [row] = await publishing.infra.dataSource.query(`SELECT token_key_id FROM publishing.connections WHERE user_id = $1`, [userId]);
      expect(row.token_key_id).toBe('k7');
      await publishing.infra.dataSource.query(
        `UPDATE publishing.connections SET access_expires_at = now() + interval '1 minute' WHERE user_id = $1`,
        [userId],
      );
      expect((await client.get('/api/product-templates')).status).toBe(200);
      const [after] = await publishing.infra.dataSource.query(`SELECT access_expires_at FROM publishing.connections WHERE user_id = $1`, [
        userId,
      ]);
      expect(new Date(after.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
      expect(await connection(client)).toMatchObject({ connected: true, needsReconnect: false });
    } finally {
      await publishing.close();
      publishing = await system.startInstance('publishing', {});
    }
  }, 60_000);

  it('answers 404 when OAuth is not set up (no PRINTIFY_APP_ID): the token connect stays', async () => {
    const { client } = await seller('oauth-off@example.com');
    await publishing.close();
    publishing = await system.startInstance('publishing', { PRINTIFY_APP_ID: '' });
    try {
      expect(await connection(client)).toMatchObject({ oauthAvailable: false });
      expect(await client.get('/api/connections/printify/authorize', ip())).toMatchObject({
        status: 404,
        body: { error: PUBLISHING_MESSAGES.oauthUnavailable },
      });
    } finally {
      await publishing.close();
      publishing = await system.startInstance('publishing', {});
    }
  }, 60_000);
});
