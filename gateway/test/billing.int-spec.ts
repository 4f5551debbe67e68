import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, EVENTS, PRIORITY_TIERS, creditsPaidFor, findPlan } from '@printloom/contracts';
import { RpcClient, connectNats, publishEvent, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

describe('billing through the gateway: trial, local checkout, portal (real PostgreSQL and NATS)', () => {
  let system: TestSystem;
  let nc: NatsConnection;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing'] });
    nc = await connectNats(system.nats.url, 'test');
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('shows the 10 trial credits and no subscription on /api/auth/me', async () => {
    const { client } = await createSignedInUser(system, 'trial@example.com', { trialCredits: true });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 10, trialCredits: 10, subscription: null });
  });

  it('counts trial credits apart from bought ones, and lists the credit history newest first', async () => {
    const { client, userId } = await createSignedInUser(system, 'history@example.com', { trialCredits: true });
    const bought = (await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-25' })).body.url.split('/').pop()!;
    await client.post(`/api/checkout/local/${bought}`, { action: 'pay' });
    const rpc = new RpcClient(nc, 5000);
    const spent = await rpc.request(BILLING.reserve, { userId, amount: 1, reason: 'generation', ref: `history:${userId}:1` });
    await rpc.request(BILLING.commit, { reservationId: spent.reservationId });
    const refunded = await rpc.request(BILLING.reserve, { userId, amount: 2, reason: 'upscale', ref: `history:${userId}:2` });
    await rpc.request(BILLING.release, { reservationId: refunded.reservationId });

    // Trial credits are spent before paid ones: 10 - 1 trial left, the 25 bought untouched.
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 34, trialCredits: 9 });
    const history = await client.get<{ entries: Array<Record<string, unknown>> }>('/api/billing/credit-history');
    expect(history.status).toBe(200);
    expect(history.body.entries.map(({ kind, source, reason, delta }) => ({ kind, source, reason, delta }))).toEqual([
      { kind: 'refund', source: null, reason: 'upscale', delta: 2 },
      { kind: 'spend', source: null, reason: 'upscale', delta: -2 },
      { kind: 'spend', source: null, reason: 'generation', delta: -1 },
      { kind: 'grant', source: 'topup', reason: null, delta: 25 },
      { kind: 'grant', source: 'trial', reason: null, delta: 10 },
    ]);
    const stranger = await createSignedInUser(system, 'history-stranger@example.com', { trialCredits: true });
    expect((await stranger.client.get<{ entries: unknown[] }>('/api/billing/credit-history')).body.entries).toHaveLength(1);
  });

  it('tells an account verified from an address that already had 3 trials today why it starts with 0 credits', async () => {
    const users = [];
    for (let i = 0; i < 4; i += 1) {
      const user = await createSignedInUser(system, `farm${i}@example.com`);
      await publishEvent(
        nc,
        EVENTS.userVerified,
        { userId: user.userId, email: `farm${i}@example.com`, at: new Date().toISOString(), ip: '192.0.2.99' },
        `user-verified:${user.userId}`,
      );
      await waitFor(
        async () =>
          (await system.services.billing!.infra.dataSource.query(`SELECT 1 FROM billing.trial_decisions WHERE user_id = $1`, [user.userId]))
            .length === 1,
      );
      users.push(user);
    }
    expect((await users[2].client.get('/api/auth/me')).body).toMatchObject({ credits: 10 });
    const me = await users[3].client.get('/api/auth/me');
    expect(me).toMatchObject({
      status: 200,
      body: { credits: 0, trialNotice: expect.stringMatching(/^Free trial credits go to at most 3 new accounts per network each day/) },
    });
  });

  it('answers unknown plans and packs with 400, and the portal for a trial account with 403', async () => {
    const { client } = await createSignedInUser(system, 'bad-input@example.com', { trialCredits: true });
    expect(await client.post('/api/stripe/checkout', { planId: 'platinum' })).toMatchObject({
      status: 400,
      body: { error: 'Unknown plan' },
    });
    expect(await client.post('/api/stripe/checkout', {})).toMatchObject({ status: 400, body: { error: 'Unknown plan' } });
    expect(await client.post('/api/stripe/topup', { topupId: 'boost-1000' })).toMatchObject({
      status: 400,
      body: { error: 'Unknown top-up pack' },
    });
    expect(await client.get('/api/checkout/local/not-a-session')).toMatchObject({ status: 400 });
    expect(await client.post('/api/stripe/portal')).toMatchObject({
      status: 403,
      body: { error: 'The billing portal is available to subscribers only. Choose a plan on the pricing page.' },
    });
  });

  it('subscribes through the local checkout: Pay activates the plan and grants its credits', async () => {
    const { client } = await createSignedInUser(system, 'subscriber@example.com', { trialCredits: true });
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    const sessionId = checkout.body.url.split('/').pop()!;

    const page = await client.get(`/api/checkout/local/${sessionId}`);
    expect(page.body).toEqual({
      sessionId,
      kind: 'subscription',
      itemId: 'pro',
      name: 'Pro',
      credits: 400,
      priceCents: 2499,
      status: 'open',
    });

    const paid = await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' });
    expect(paid).toMatchObject({ status: 200, body: { redirectUrl: '/account?checkout=success' } });
    const me = await client.get<{ credits: number; subscription: { status: string; planId: string; currentPeriodEnd: string } }>(
      '/api/auth/me',
    );
    expect(me.body.credits).toBe(410);
    expect(me.body.subscription).toMatchObject({ status: 'active', planId: 'pro' });
    expect(new Date(me.body.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);

    expect(await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 409 });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(410);
    expect(await client.post('/api/stripe/portal')).toMatchObject({ status: 200, body: { url: '/account?portal=local' } });
    expect(await client.post('/api/stripe/checkout', { planId: 'pro' })).toMatchObject({
      status: 409,
      body: { error: 'You are already on the Pro plan.' },
    });
  });

  type Me = { credits: number; subscription: { planId: string; scheduledPlanId?: string | null; currentPeriodEnd: string } };
  const subscribe = async (client: TestClient, planId: string) => {
    const sessionId = (await client.post<{ url: string }>('/api/stripe/checkout', { planId })).body.url.split('/').pop()!;
    expect(await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 200 });
  };

  it('upgrades through the local checkout: Pay charges the prorated difference, its credits are what that buys, once, with the new priority', async () => {
    const { client, userId } = await createSignedInUser(system, 'upgrade@example.com', { trialCredits: true });
    await subscribe(client, 'starter');
    // 20 days and an hour left of a period of 30 days and an hour: $5.00 × 0.667 → $3.34, which buys 50 credits at Creator's 6.66¢.
    await system.services.billing!.infra.dataSource.query(
      `UPDATE billing.subscriptions SET current_period_start = now() - interval '10 days', current_period_end = now() + interval '20 days 1 hour' WHERE user_id = $1`,
      [userId],
    );
    const change = await client.post<{ status: string; url: string }>('/api/billing/plan/upgrade', { planId: 'creator' });
    expect(change.body).toEqual({ status: 'confirm', url: expect.stringMatching(/^\/checkout\/[0-9a-f-]{36}$/) });
    const sessionId = change.body.url.split('/').pop()!;
    expect((await client.get(`/api/checkout/local/${sessionId}`)).body).toMatchObject({
      kind: 'plan_change',
      itemId: 'creator',
      fromPlanId: 'starter',
      name: 'Starter → Creator',
      priceCents: 999,
      dueNowCents: 334,
    });
    expect((await client.get<Me>('/api/auth/me')).body.subscription).toMatchObject({ planId: 'starter' }); // nothing before Pay

    expect(await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 200 });
    const me = (await client.get<Me>('/api/auth/me')).body;
    expect(me.subscription).toMatchObject({ planId: 'creator', scheduledPlanId: null });
    expect(me.credits).toBe(10 + 50 + creditsPaidFor(findPlan('creator')!, 334));
    expect(me.credits).toBe(10 + 50 + 50); // the difference in monthly credits gave 66
    const entitlements = await new RpcClient(nc, 5000).request(BILLING.entitlements, { userId });
    expect(entitlements).toMatchObject({ planId: 'creator', priorityTier: PRIORITY_TIERS.priority }); // the next job queues by the new tier

    expect(await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 409 });
    expect((await client.get<Me>('/api/auth/me')).body.credits).toBe(110);
  });

  it('downgrades at the next renewal without a checkout, can take it back, and rolls the ending period over by its own plan', async () => {
    const { client, userId } = await createSignedInUser(system, 'downgrade@example.com', { trialCredits: true });
    await subscribe(client, 'pro');
    expect(await client.post('/api/billing/plan/downgrade', { planId: 'starter' })).toMatchObject({
      status: 200,
      body: { status: 'scheduled', url: '/account?change=scheduled' },
    });
    expect((await client.get<Me>('/api/auth/me')).body).toMatchObject({
      credits: 410,
      subscription: { planId: 'pro', scheduledPlanId: 'starter' },
    });

    expect(await client.post('/api/billing/plan/downgrade', { planId: 'pro' })).toMatchObject({
      status: 200,
      body: { status: 'kept', url: '/account?change=kept' },
    });
    expect((await client.get<Me>('/api/auth/me')).body.subscription).toMatchObject({ planId: 'pro', scheduledPlanId: null });
    expect(await client.post('/api/billing/plan/downgrade', { planId: 'pro' })).toMatchObject({
      status: 409,
      body: { error: 'You are already on the Pro plan.' },
    });

    expect((await client.post('/api/billing/plan/downgrade', { planId: 'starter' })).status).toBe(200);
    const { SubscriptionsService } = await import('../../services/billing/src/subscriptions.service.js');
    expect(await system.services.billing!.app.get(SubscriptionsService).renew(userId)).toBe('renewed');
    // Pro's 25% of 400 unused (capped at 100) rolls over, then Starter's 50; the trial's 10 stay.
    expect((await client.get<Me>('/api/auth/me')).body).toMatchObject({
      credits: 10 + 100 + 50,
      subscription: { planId: 'starter', scheduledPlanId: null },
    });
  });

  it('refuses a plan change while a payment is past due, and a stale upgrade checkout', async () => {
    const { client, userId } = await createSignedInUser(system, 'past-due-change@example.com', { trialCredits: true });
    await subscribe(client, 'starter');
    const stale = (await client.post<{ url: string }>('/api/billing/plan/upgrade', { planId: 'pro' })).body.url.split('/').pop()!;
    const creator = (await client.post<{ url: string }>('/api/billing/plan/upgrade', { planId: 'creator' })).body.url.split('/').pop()!;
    expect(await client.post(`/api/checkout/local/${creator}`, { action: 'pay' })).toMatchObject({ status: 200 });
    expect(await client.post(`/api/checkout/local/${stale}`, { action: 'pay' })).toMatchObject({
      status: 409,
      body: { error: 'Your plan has changed since this checkout was opened. Choose the plan again on the pricing page.' },
    });
    expect((await client.get<Me>('/api/auth/me')).body.subscription.planId).toBe('creator');

    await system.services.billing!.infra.dataSource.query(`UPDATE billing.subscriptions SET status = 'past_due' WHERE user_id = $1`, [
      userId,
    ]);
    for (const direction of ['upgrade', 'downgrade'])
      expect(await client.post(`/api/billing/plan/${direction}`, { planId: direction === 'upgrade' ? 'studio' : 'starter' })).toMatchObject(
        {
          status: 409,
          body: { error: 'Your last payment failed. Update your card in Manage Billing before changing plan.' },
        },
      );
    const [row] = await system.services.billing!.infra.dataSource.query(
      `SELECT plan_id, scheduled_plan_id FROM billing.subscriptions WHERE user_id = $1`,
      [userId],
    );
    expect(row).toEqual({ plan_id: 'creator', scheduled_plan_id: null });
  });

  it('records each confirmed purchase for analytics once, and hands it to the buyer once (claim)', async () => {
    const { client } = await createSignedInUser(system, 'purchases@example.com', { trialCredits: true });
    const claim = async () =>
      client.post<{ events: Array<{ event: string; params: Record<string, unknown> }> }>('/api/billing/purchase-events/claim');
    expect(await claim()).toMatchObject({ status: 200, body: { events: [] } });

    const pack = (await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-50' })).body.url.split('/').pop()!;
    await client.post(`/api/checkout/local/${pack}`, { action: 'pay' });
    await client.post(`/api/checkout/local/${pack}`, { action: 'pay' }); // a second Pay is refused: still one purchase
    const plan = (await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'creator' })).body.url.split('/').pop()!;
    await client.post(`/api/checkout/local/${plan}`, { action: 'pay' });
    expect((await claim()).body.events).toEqual([
      { event: 'topup_purchase', params: { pack: 'boost-50', value: 8.99, currency: 'USD', credits: 50 } },
      { event: 'subscription_started', params: { plan: 'creator', value: 9.99, currency: 'USD', credits: 150 } },
    ]);
    expect((await claim()).body.events).toEqual([]);

    // Cancel, resume, cancel again within one period: one cancellation.
    for (const cancelAtPeriodEnd of [true, false, true]) await client.post('/api/billing/local-portal', { cancelAtPeriodEnd });
    expect((await claim()).body.events).toEqual([{ event: 'subscription_cancelled', params: { plan: 'creator' } }]);
    expect((await claim()).body.events).toEqual([]);
    const stranger = await createSignedInUser(system, 'purchases-stranger@example.com', { trialCredits: true });
    expect((await stranger.client.post<{ events: unknown[] }>('/api/billing/purchase-events/claim')).body.events).toEqual([]);
  });

  it('lets a local subscriber cancel at the period end and resume through the local portal; bad input and trial accounts change nothing', async () => {
    const { client } = await createSignedInUser(system, 'portal@example.com', { trialCredits: true });
    expect(await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: true })).toMatchObject({
      status: 403,
      body: { error: 'The billing portal is available to subscribers only. Choose a plan on the pricing page.' },
    });
    const sessionId = (await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'starter' })).body.url.split('/').pop()!;
    await client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' });

    expect(await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: 'yes' })).toMatchObject({
      status: 400,
      body: { error: 'cancelAtPeriodEnd must be true or false' },
    });
    expect((await client.get<{ subscription: { cancelAtPeriodEnd?: boolean } }>('/api/auth/me')).body.subscription.cancelAtPeriodEnd).toBe(
      false,
    );

    const cancelled = await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: true });
    expect(cancelled).toMatchObject({
      status: 200,
      body: { subscription: { status: 'active', planId: 'starter', cancelAtPeriodEnd: true } },
    });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ subscription: { cancelAtPeriodEnd: true } });
    const resumed = await client.post('/api/billing/local-portal', { cancelAtPeriodEnd: false });
    expect(resumed).toMatchObject({ status: 200, body: { subscription: { cancelAtPeriodEnd: false } } });
  });

  it('starts one subscription when two plan checkouts opened side by side are both paid', async () => {
    const { client } = await createSignedInUser(system, 'two-tabs@example.com', { trialCredits: true });
    const [first, second] = await Promise.all(
      ['starter', 'creator'].map(async (planId) =>
        (await client.post<{ url: string }>('/api/stripe/checkout', { planId })).body.url.split('/').pop()!,
      ),
    );
    const results = await Promise.all(
      [first, second].map((sessionId) => client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const me = await client.get<{ credits: number; subscription: { planId: string } }>('/api/auth/me');
    expect(me.body.credits).toBe(10 + (me.body.subscription.planId === 'starter' ? 50 : 150));
  });

  it('buys a top-up pack, and a cancelled checkout grants nothing', async () => {
    const { client } = await createSignedInUser(system, 'booster@example.com', { trialCredits: true });
    const cancelled = await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-50' });
    const cancelledId = cancelled.body.url.split('/').pop()!;
    expect(await client.post(`/api/checkout/local/${cancelledId}`, { action: 'cancel' })).toMatchObject({
      status: 200,
      body: { redirectUrl: '/account?checkout=canceled' },
    });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(10);

    const bought = await client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-25' });
    const boughtId = bought.body.url.split('/').pop()!;
    expect((await client.get(`/api/checkout/local/${boughtId}`)).body).toMatchObject({
      kind: 'topup',
      itemId: 'boost-25',
      credits: 25,
      priceCents: 499,
    });
    await client.post(`/api/checkout/local/${boughtId}`, { action: 'pay' });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(35);
  });

  it("hides another user's checkout session and validates the action", async () => {
    const owner = await createSignedInUser(system, 'owner@example.com', { trialCredits: true });
    const stranger = await createSignedInUser(system, 'stranger@example.com', { trialCredits: true });
    const checkout = await owner.client.post<{ url: string }>('/api/stripe/topup', { topupId: 'boost-100' });
    const sessionId = checkout.body.url.split('/').pop()!;
    expect(await stranger.client.get(`/api/checkout/local/${sessionId}`)).toMatchObject({
      status: 404,
      body: { error: 'Checkout session not found' },
    });
    expect(await stranger.client.post(`/api/checkout/local/${sessionId}`, { action: 'pay' })).toMatchObject({ status: 404 });
    expect(await owner.client.post(`/api/checkout/local/${sessionId}`, { action: 'steal' })).toMatchObject({ status: 400 });
    expect((await stranger.client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(10);
  });
});
