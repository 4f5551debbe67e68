import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ConnectionState } from '@printloom/contracts';
import { startLocalShop, type LocalShop } from '../../services/publishing/src/local-shop/local-shop.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

const PASSWORD = 'correct horse battery';
const SELLER_TOKEN = 'checklist-seller-token-5kP9';

/**
 * The one-time checklist of a Printify connection (issue 40): an Etsy shop (the local shop's sales
 * channel) asks for a production partner named "Printify"; the seller ticks it once, stored with the connection.
 */
describe('the connection checklist through the API', () => {
  let system: TestSystem;
  let shop: LocalShop;

  beforeAll(async () => {
    shop = await startLocalShop({ tokens: [SELLER_TOKEN] });
    system = await startTestSystem({
      services: ['auth', 'billing'],
      env: { PRINTIFY_API_BASE: shop.apiBase, LOCAL_SHOP: 'true' },
    });
    await system.startInstance('publishing', { PUBLIC_URL: system.baseUrl });
  }, 90_000);

  afterAll(async () => {
    await system?.close();
    await shop?.close();
  }, 30_000);

  it('asks an Etsy shop for its production partner until the seller ticks it, once, and forgets it with the connection', async () => {
    const { client } = await createSignedInUser(system, 'checklist@example.com', { password: PASSWORD });
    const tick = (item: string) => client.post<ConnectionState>(`/api/connections/printify/checklist/${item}`, {});

    expect((await client.get<ConnectionState>('/api/connections/printify')).body.checklist).toEqual([]);
    expect(await tick('etsy-production-partner')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });

    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
    const connected = await client.post<ConnectionState>('/api/connections/printify', { token: SELLER_TOKEN });
    expect(connected).toMatchObject({
      status: 200,
      body: { connected: true, checklist: [{ item: 'etsy-production-partner', done: false }] },
    });

    const ticked = await tick('etsy-production-partner');
    expect(ticked).toMatchObject({ status: 200, body: { checklist: [{ item: 'etsy-production-partner', done: true }] } });
    expect((await tick('etsy-production-partner')).body.checklist).toEqual([{ item: 'etsy-production-partner', done: true }]);
    expect((await client.get<ConnectionState>('/api/connections/printify')).body.checklist).toEqual([
      { item: 'etsy-production-partner', done: true },
    ]);
    expect(await tick('shopify-something')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });

    expect((await client.delete<ConnectionState>('/api/connections/printify')).body.checklist).toEqual([]);
    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
    const again = await client.post<ConnectionState>('/api/connections/printify', { token: SELLER_TOKEN });
    expect(again.body.checklist).toEqual([{ item: 'etsy-production-partner', done: false }]);
  }, 60_000);

  it('answers 401 without a session', async () => {
    const response = await fetch(`${system.baseUrl}/api/connections/printify/checklist/etsy-production-partner`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
