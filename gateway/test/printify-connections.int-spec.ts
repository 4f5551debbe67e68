import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LIMITS, PUBLISHING_MESSAGES, missingScopesMessage, type ConnectionState, type Publication } from '@printloom/contracts';
import { waitFor } from '@printloom/service-kit/testing';
import type { RunningService } from '@printloom/service-kit';
import { startLocalShop, type LocalShop } from '../../services/publishing/src/local-shop/local-shop.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

const PASSWORD = 'correct horse battery';
const REAUTH_REQUIRED = { status: 403, body: { code: 'REAUTH_REQUIRED' } };

/**
 * Connecting Printify through the API, against the local Printify-shaped shop: whose shop drafts go to
 * needs a recent proof, each connect is one request to Printify with a caller's token (so they are
 * counted), and a token whose key is gone asks the seller to connect again.
 */
describe('Printify connections: proof, limits and lost keys (real PostgreSQL and NATS, the local shop)', () => {
  let system: TestSystem;
  let shop: LocalShop;
  let publishing: RunningService;
  let addresses = 0;

  beforeAll(async () => {
    shop = await startLocalShop({ tokens: ['local-shop-token'], mockupDelayMs: 0 });
    system = await startTestSystem({
      services: ['auth', 'billing', 'publishing'],
      env: { PRINTIFY_API_BASE: shop.apiBase, TRUST_PROXY: '1', PUBLISHING_ACK_WAIT_MS: '3000' },
    });
    publishing = system.services.publishing!;
  }, 60_000);

  afterAll(async () => {
    await system?.close();
    await shop?.close();
  }, 30_000);

  /** A seller signed in long ago: no recent proof. */
  async function seller(email: string) {
    const { client, userId } = await createSignedInUser(system, email, { password: PASSWORD });
    return { client, userId };
  }
  const confirm = async (client: TestClient) =>
    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
  const newAddress = () => `192.0.2.${++addresses}`;
  const connect = (client: TestClient, body: Record<string, unknown>, ip: string) =>
    client.post<ConnectionState & { retryAfterSeconds?: number }>('/api/connections/printify', body, { 'x-forwarded-for': ip });

  it('connects, replaces and picks a shop only with a recent proof: the same 403 REAUTH_REQUIRED each way, nothing stored', async () => {
    const { client, userId } = await seller('proof-connector@example.com');
    const token = `first-token-${randomUUID()}`;
    shop.addToken(token);
    const ip = newAddress();
    expect(await connect(client, { token }, ip)).toMatchObject(REAUTH_REQUIRED);
    expect(await connect(client, { shopId: 1 }, ip)).toMatchObject(REAUTH_REQUIRED);
    expect(await connect(client, {}, ip)).toMatchObject(REAUTH_REQUIRED);
    const stored = () => publishing.infra.dataSource.query(`SELECT token_hint FROM publishing.connections WHERE user_id = $1`, [userId]);
    expect(await stored()).toEqual([]);

    await confirm(client);
    expect(await connect(client, { token: 'short' }, ip)).toMatchObject({
      status: 400,
      body: { error: 'This does not look like a Printify token' },
    });
    expect(await connect(client, { token }, ip)).toMatchObject({ status: 200, body: { connected: true, tokenHint: token.slice(-4) } });
    // Reading and forgetting the connection need no proof.
    expect((await client.get('/api/connections/printify')).status).toBe(200);
    expect((await client.delete('/api/connections/printify')).status).toBe(200);
  });

  it(`allows ${LIMITS.printifyConnectsPerHour} connects an hour per seller and per address (an IPv6 /64 is one), then 429 with Retry-After`, async () => {
    const limit = LIMITS.printifyConnectsPerHour;
    const guesser = await seller('token-guesser@example.com');
    await confirm(guesser.client);
    const home = '2001:db8:77:1::1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limit; attempt += 1)
      statuses.push((await connect(guesser.client, { token: `guessed-token-${attempt}-xxxx` }, home)).status);
    expect(statuses).toEqual(Array(limit).fill(422)); // each one a token Printify refused
    const refused = await connect(guesser.client, { token: 'one-guess-more-xxxx' }, home);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED', error: PUBLISHING_MESSAGES.tooManyConnects, retryAfterSeconds: expect.any(Number) },
    });
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfterSeconds));
    const requestsToPrintify = shop.requests.length;

    // Per seller: another address does not help, nor does the saved-token way of connecting.
    expect(await connect(guesser.client, { token: 'from-elsewhere-xxxx' }, newAddress())).toMatchObject({ status: 429 });
    expect(await connect(guesser.client, { shopId: 1 }, newAddress())).toMatchObject({ status: 429 });
    // Per address (by its /64): another seller from the same network is refused too; from elsewhere, served.
    const neighbour = await seller('neighbour@example.com');
    await confirm(neighbour.client);
    expect(await connect(neighbour.client, { token: 'neighbour-token-xxxx' }, '2001:db8:77:1:abcd::9')).toMatchObject({ status: 429 });
    expect(shop.requests.length).toBe(requestsToPrintify); // none of the refused ones reached Printify
    expect(await connect(neighbour.client, { token: 'neighbour-token-xxxx' }, '2001:db8:77:2::1')).toMatchObject({ status: 422 });
  });

  it('names the read scopes a token lacks at connect (shops, catalogue, products tried without writing), and stores nothing', async () => {
    const { client, userId } = await seller('scope-less@example.com');
    await confirm(client);
    const token = `shops-only-token-${randomUUID()}`;
    shop.addToken(token, ['shops.read']);
    expect(await connect(client, { token }, newAddress())).toMatchObject({
      status: 422,
      body: {
        error: missingScopesMessage(['catalog.read', 'products.read']),
        reason: 'MISSING_PERMISSION',
        missingScopes: ['catalog.read', 'products.read'],
      },
    });
    const nothingRead = `no-scope-token-${randomUUID()}`;
    shop.addToken(nothingRead, []);
    expect(await connect(client, { token: nothingRead }, newAddress())).toMatchObject({
      status: 422,
      body: { missingScopes: ['shops.read', 'catalog.read'] },
    });
    expect(await publishing.infra.dataSource.query(`SELECT 1 FROM publishing.connections WHERE user_id = $1`, [userId])).toEqual([]);
  });

  it('fails a publish Printify answers 403 as MISSING_PERMISSION (not "revoked"), its requests counted per connection, not per shop', async () => {
    const { client, userId } = await seller('read-only-token@example.com');
    await confirm(client);
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const token = `read-only-token-${randomUUID()}`;
    const shopId = shop.addToken(token, ['shops.read', 'catalog.read', 'products.read']);
    expect(await connect(client, { token }, newAddress())).toMatchObject({ status: 200, body: { connected: true, shopId } });
    const publicationId = randomUUID();
    await publishing.infra.dataSource.query(
      `INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key, status, external_id)
       VALUES ($1, $2, $3, 'tee', $4, 'draft_created', $5)`,
      [publicationId, userId, randomUUID(), `printify:${userId}:${shopId}`, 'b'.repeat(24)],
    );
    expect(await client.post(`/api/publications/${publicationId}/publish`)).toMatchObject({ status: 202 });
    const read = async () => (await client.get<{ publications: Publication[] }>('/api/publications')).body.publications[0]!;
    await waitFor(async () => (await read()).status === 'failed', { what: 'the publication failed', timeoutMs: 20_000 });
    expect((await read()).error).toEqual({ code: 'MISSING_PERMISSION', message: PUBLISHING_MESSAGES.missingPermission });
    const keys: { connection_key: string }[] = await publishing.infra.dataSource.query(
      `SELECT DISTINCT connection_key FROM publishing.rate_events WHERE connection_key LIKE 'printify%' || $1 || '%'`,
      [userId],
    );
    expect(keys.map((row) => row.connection_key)).toEqual([`printify-token:${userId}`]);
  }, 60_000);

  it('fails a publication whose token was sealed with a key that is gone as NOT_CONNECTED ("reconnect"), once, without retrying', async () => {
    const { client, userId } = await seller('lost-key@example.com');
    await confirm(client);
    // Publishing is for the Pro plan's commercial licence.
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const token = `lost-key-token-${randomUUID()}`;
    const shopId = shop.addToken(token);
    expect(await connect(client, { token }, newAddress())).toMatchObject({ status: 200, body: { shopId } });
    // A draft made before the key was lost (as the worker leaves one), waiting to be published.
    const publicationId = randomUUID();
    await publishing.infra.dataSource.query(
      `INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key, status, external_id)
       VALUES ($1, $2, $3, 'tee', $4, 'draft_created', 'product-1')`,
      [publicationId, userId, randomUUID(), `printify:${userId}:${shopId}`],
    );

    // CONNECTIONS_KEY now holds another key only (the development key, which sealed the token, is gone): start-up goes on.
    await publishing.close();
    publishing = await system.startInstance('publishing', { CONNECTIONS_KEY: `k9:${randomBytes(32).toString('base64')}` });

    expect(await client.post(`/api/publications/${publicationId}/publish`)).toMatchObject({ status: 202 });
    const read = async () => (await client.get<{ publications: Publication[] }>('/api/publications')).body.publications[0]!;
    await waitFor(async () => (await read()).status === 'failed', { what: 'the publication failed', timeoutMs: 20_000 });
    expect((await read()).error).toEqual({ code: 'NOT_CONNECTED', message: PUBLISHING_MESSAGES.reconnect });
    // Reconnecting (saved token) is not possible: the seller is told to connect again.
    expect(await connect(client, { shopId }, newAddress())).toMatchObject({
      status: 422,
      body: { error: PUBLISHING_MESSAGES.reconnect, reason: 'NOT_CONNECTED' },
    });
    // A new token connects as ever, sealed with the key there is now.
    expect(await connect(client, { token }, newAddress())).toMatchObject({ status: 200, body: { connected: true } });
    const [row] = await publishing.infra.dataSource.query(`SELECT token_key_id FROM publishing.connections WHERE user_id = $1`, [userId]);
    expect(row.token_key_id).toBe('k9');
  }, 60_000);
});
