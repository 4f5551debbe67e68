import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@printloom/contracts';
import { connectNats, ensureEventsStream, publishEvent, type NatsConnection } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

describe('billing through the gateway: trial, local checkout, portal (real PostgreSQL and NATS)', () => {
  let system: TestSystem;
  let nc: NatsConnection;

  async function verifiedUser(email: string): Promise<{ client: TestClient; userId: string }> {
    const user = await createSignedInUser(system, email);
    await publishEvent(nc, EVENTS.userVerified, { userId: user.userId, email, at: new Date().toISOString() }, `user-verified:${user.userId}`);
    await waitFor(async () => (await user.client.get<{ credits: number }>('/api/auth/me')).body.credits === 10);
    return user;
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing'] });
    nc = await connectNats(system.nats.url, 'test');
    await ensureEventsStream(nc);
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('shows the 10 trial credits and no subscription on /api/auth/me', async () => {
    const { client } = await verifiedUser('trial@example.com');
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 10, subscription: null });
  });

  it('tells an account verified from an address that already had 3 trials today why it starts with 0 credits', async () => {
    const users = [];
    for (let i = 0; i < 4; i += 1) {
      const user = await createSignedInUser(system, `farm${i}@example.com`);
      await publishEvent(nc, EVENTS.userVerified, { userId: user.userId, email: `farm${i}@example.com`, at: new Date().toISOString(), ip: '192.0.2.99' }, `user-verified:${user.userId}`);
      await waitFor(async () => (await system.services.billing!.infra.dataSource.query(`SELECT 1 FROM billing.trial_decisions WHERE user_id = $1`, [user.userId])).length === 1);
      users.push(user);
    }
    expect((await users[2].client.get('/api/auth/me')).body).toMatchObject({ credits: 10 });
    const me = await users[3].client.get('/api/auth/me');
    expect(me).toMatchObject({ status: 200, body: { credits: 0, trialNotice: expect.stringMatching(/^Free trial credits go to at most 3 new accounts per network each day/) } });
  });

  it('answers unknown plans and packs with 400, and the portal for a trial account with 403', async () => {
    const { client } = await verifiedUser('bad-input@example.com');
    expect(await client.post('/api/stripe/checkout', { planId: 'platinum' })).toMatchObject({ status: 400, body: { error: 'Unknown plan' } });
    expect(await client.post('/api/stripe/checkout', {})).toMatchObject({ status: 400, body: { error: 'Unknown plan' } });
    expect(await client.post('/api/stripe/topup', { topupId: 'boost-1000' })).toMatchObject({ status: 400, body: { error: 'Unknown top-up pack' } });
    expect(await client.get('/api/checkout/local/not-a-session')).toMatchObject({ status: 400 });
    expect(await client.post('/api/stripe/portal')).toMatchObject({
      status: 403,
      body: { error: 'The billing portal is available to subscribers only. Choose a plan on the pricing page.' },
    });
  });

  it('subscribes through the local checkout: Pay activates the plan and grants its credits', async () => {
    const { client } = await verifiedUser('subscriber@example.com');
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    const sessionId = checkout.body.url.split('/').pop()!;

    const page = await client.get(`/api/checkout/local/${sessionId}`);
    expect(page.body).toEqual({ sessionId, kind: 'subscription', itemId: 'pro', name: 'Pro', credits: 400, priceCents: 2499, status: 'open' });

    const paid = await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' });
    expect(paid).toMatchObject({ status: 200, body: { redirectUrl: '/account?checkout=success' } });
    const me = await client.get<{ credits: number; subscription: { status: string; planId: string; currentPeriodEnd: string } }>('/api/auth/me');
    expect(me.body.credits).toBe(410);
    expect(me.body.subscription).toMatchObject({ status: 'active', planId: 'pro' });
    expect(new Date(me.body.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);

    expect(await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 409 });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(410);
    expect(await client.post('/api/stripe/portal')).toMatchObject({ status: 200, body: { url: '/account?portal=local' } });
    expect(await client.post('/api/stripe/checkout', { planId: 'studio' })).toMatchObject({ status: 409 });
  });

  it('lets a local subscriber cancel at the period end and resume through the local portal; bad input and trial accounts change nothing', async () => {
    const { client } = await verifiedUser('portal@example.com');
    expect(await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: true })).toMatchObject({
      status: 403,
      body: { error: 'The billing portal is available to subscribers only. Choose a plan on the pricing page.' },
    });
    const sessionId = (await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'starter' })).body.url.split('/').pop()!;
    await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' });

    expect(await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: 'yes' })).toMatchObject({ status: 400, body: { error: 'cancelAtPeriodEnd must be true or false' } });
    expect((await client.get<{ subscription: { cancelAtPeriodEnd?: boolean } }>('/api/auth/me')).body.subscription.cancelAtPeriodEnd).toBe(false);

    const cancelled = await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: true });
    expect(cancelled).toMatchObject({ status: 200, body: { subscription: { status: 'active', planId: 'starter', cancelAtPeriodEnd: true } } });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ subscription: { cancelAtPeriodEnd: true } });
    const resumed = await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: false });
    expect(resumed).toMatchObject({ status: 200, body: { subscription: { cancelAtPeriodEnd: false } } });
  });

  it('starts one subscription when two plan checkouts opened side by side are both paid', async () => {
    const { client } = await verifiedUser('two-tabs@example.com');
    const [first, second] = await Promise.all(
      ['starter', 'creator'].map(async (planId) => (await client.post<{ url: string }>('/api/stripe/checkout', { planId })).body.url.split('/').pop()!),
    );
    const results = await Promise.all([first, second].map((sessionId) => client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const me = await client.get<{ credits: number; subscription: { planId: string } }>('/api/auth/me');
    expect(me.body.credits).toBe(10 + (me.body.subscription.planId === 'starter' ? 50 : 150));
  });

  it('buys a top-up pack, and a cancelled checkout grants nothing', async () => {
    const { client } = await verifiedUser('booster@example.com');
    const cancelled = await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-50' });
    const cancelledId = cancelled.body.url.split('/').pop()!;
    expect(await client.post(`/api/checkout/local/${cancelledId}`, { action: 'cancel' })).toMatchObject({ status: 200, body: { redirectUrl: '/account?checkout=canceled' } });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(10);

    const bought = await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-25' });
    const boughtId = bought.body.url.split('/').pop()!;
    expect((await client.get(`/api/checkout/local/${boughtId}`)).body).toMatchObject({ kind: 'topup', itemId: 'boost-25', credits: 25, priceCents: 499 });
    await client.post(`/api/checkout/local/${boughtId}`, { action: 'pay' });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(35);
  });

  it("hides another user's checkout session and validates the action", async () => {
    const owner = await verifiedUser('owner@example.com');
    const stranger = await verifiedUser('stranger@example.com');
    const checkout = await owner.client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-100' });
    const sessionId = checkout.body.url.split('/').pop()!;
    expect(await stranger.client.get(`/api/checkout/local/${sessionId}`)).toMatchObject({ status: 404, body: { error: 'Checkout session not found' } });
    expect(await stranger.client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 404 });
    expect(await owner.client.post(`/api/checkout/local/${sessionId}`, { action: 'steal' })).toMatchObject({ status: 400 });
    expect((await stranger.client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(10);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
