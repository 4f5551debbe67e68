import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, BROADCASTS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import type { RunningGateway } from '../src/start.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { TestClient } from './support/http.js';

interface Me {
  user: { hasGoogleAuth: boolean };
  credits: number;
  subscription: { planId: string } | null;
}

// Two gateway instances, each caching every user's `me` view (user + credits + plan). Billing announces
// every change of an account before the changing request answers: the next `me` on either instance
// never shows the credits or plan from before an action the user just took.
describe('the me view cache across two gateway instances (real PostgreSQL and NATS)', () => {
  let system: TestSystem;
  let second: RunningGateway;
  let nc: NatsConnection;
  let rpc: RpcClient;
  const billingDb = () => system.services.billing!.infra.dataSource;

  const onSecond = (client: TestClient) => client.on(second.url);
  const credits = async (client: TestClient) => (await client.get<Me>('/api/auth/me')).body.credits;

  /** A signed-in user holding `amount` credits, both instances having cached their view. */
  async function userWithCredits(email: string, amount: number) {
    const { client, userId } = await createSignedInUser(system, email);
    await billingDb().query(
      `INSERT INTO billing.credit_lots (user_id, kind, source_ref, credits_granted, credits_remaining) VALUES ($1, 'topup', $2, $3, $3)`,
      [userId, `test:${userId}`, amount],
    );
    const other = onSecond(client);
    expect(await credits(client)).toBe(amount);
    expect(await credits(other)).toBe(amount);
    return { client, other, userId };
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing'], env: { SESSION_CACHE_TTL_MS: '600000' } });
    second = await system.startGatewayInstance();
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 5000);
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  }, 30_000);

  it('answers from the cache until billing announces a change, and shows a charge and its refund at once on both instances', async () => {
    const { client, other, userId } = await userWithCredits('charged@example.com', 10);

    // Proof that both instances answer from their caches: a change billing never announced stays unseen.
    await billingDb().query(`UPDATE billing.credit_lots SET credits_remaining = 11 WHERE user_id = $1`, [userId]);
    expect(await credits(client)).toBe(10);
    expect(await credits(other)).toBe(10);

    // A generation charges 3 credits (as the generation service does): the very next `me` shows it.
    const { reservationId } = await rpc.request(BILLING.reserve, { userId, amount: 3, reason: 'generation', ref: `charge:${userId}` });
    expect(await credits(other)).toBe(8);
    expect(await credits(client)).toBe(8);
    await rpc.request(BILLING.commit, { reservationId });
    expect(await credits(other)).toBe(8);

    const refunded = await rpc.request(BILLING.reserve, { userId, amount: 2, reason: 'upscale', ref: `refund:${userId}` });
    expect(await credits(client)).toBe(6);
    await rpc.request(BILLING.release, { reservationId: refunded.reservationId });
    expect(await credits(other)).toBe(8);
    expect(await credits(client)).toBe(8);
  });

  it('shows a purchase and a plan bought on one instance at once on the other', async () => {
    const { client, other } = await userWithCredits('buyer@example.com', 1);
    const pack = (await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-25' })).body.url.split('/').pop()!;
    expect((await client.post(`/api/checkout/local/${pack}`, { action: 'pay' })).status).toBe(200);
    expect(await credits(other)).toBe(26);

    const plan = (await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' })).body.url.split('/').pop()!;
    expect((await client.post(`/api/checkout/local/${plan}`, { action: 'pay' })).status).toBe(200);
    const me = (await other.get<Me>('/api/auth/me')).body;
    expect(me.subscription).toMatchObject({ planId: 'pro' });
    expect(me.credits).toBeGreaterThan(26);
    expect((await client.get<Me>('/api/auth/me')).body).toEqual(me);
  });

  it('never shows credits past their expiry, on either instance', async () => {
    const { client, userId } = await createSignedInUser(system, 'expiring-credits@example.com');
    await billingDb().query(
      `INSERT INTO billing.credit_lots (user_id, kind, source_ref, credits_granted, credits_remaining, expires_at) VALUES ($1, 'plan', $2, 5, 5, now() + interval '2 seconds')`,
      [userId, `test:${userId}`],
    );
    const other = onSecond(client);
    expect(await credits(client)).toBe(5);
    expect(await credits(other)).toBe(5);
    const [{ ms }] = await billingDb().query(
      `SELECT ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ms FROM billing.credit_lots WHERE user_id = $1`,
      [userId],
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms) + 50));
    expect(await credits(client)).toBe(0);
    expect(await credits(other)).toBe(0);
  });

  it('answers a cached view with the same headers and bytes as the first, routed answer', async () => {
    const { client } = await createSignedInUser(system, 'same-bytes@example.com');
    const first = await fetch(`${system.baseUrl}/api/auth/me`, { headers: { cookie: client.cookieHeader } });
    const cached = await fetch(`${system.baseUrl}/api/auth/me`, { headers: { cookie: client.cookieHeader } });
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');
    expect(cached.status).toBe(200);
    expect(headersOf(cached)).toEqual(headersOf(first));
    expect(await cached.text()).toBe(await first.text());
    expect(cached.headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);
    expect(cached.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // A conditional request (fetch would add cache-control: no-cache, so plain http) is Express's to answer.
    const revalidated = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(
          `${system.baseUrl}/api/auth/me`,
          { headers: { cookie: client.cookieHeader, 'if-none-match': first.headers.get('etag')! } },
          (res) => resolve(res.resume().statusCode),
        )
        .on('error', reject);
    });
    expect(revalidated).toBe(304);
  });

  it('drops a view when auth announces a change of the user (a Google account linked)', async () => {
    const { client, userId } = await createSignedInUser(system, 'linking@example.com');
    const other = onSecond(client);
    expect((await other.get<Me>('/api/auth/me')).body.user.hasGoogleAuth).toBe(false);
    await system.services.auth!.infra.dataSource.query(`UPDATE auth.users SET google_id = 'google-123' WHERE id = $1`, [userId]);
    expect((await other.get<Me>('/api/auth/me')).body.user.hasGoogleAuth).toBe(false);
    nc.publish(BROADCASTS.userChanged, JSON.stringify({ userId }));
    await nc.flush();
    await waitFor(async () => (await other.get<Me>('/api/auth/me')).body.user.hasGoogleAuth);
  });
});
