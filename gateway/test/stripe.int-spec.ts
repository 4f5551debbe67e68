import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

/** A stand-in for the few Stripe API paths billing uses, answering in Stripe's shapes. */
async function startStandInStripe() {
  const calls: Array<{ method: string; path: string; form: URLSearchParams }> = [];
  const periodStart = Math.floor(Date.now() / 1000) - 60;
  const subscription = {
    id: 'sub_123',
    object: 'subscription',
    status: 'active',
    customer: 'cus_123',
    cancel_at_period_end: false,
    metadata: {} as Record<string, string>,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_start: periodStart, current_period_end: periodStart + 30 * 86400 }] },
  };
  const subscriptions = new Map<string, typeof subscription>([[subscription.id, subscription]]);
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push({ method: req.method!, path: req.url!, form });
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' }).end(JSON.stringify(value));
      if (req.method === 'POST' && req.url === '/v1/customers') return json(200, { id: `cus_${calls.length}`, object: 'customer', email: form.get('email') });
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        return json(200, { id: `cs_${calls.length}`, object: 'checkout.session', mode: form.get('mode'), url: `https://checkout.stripe.test/c/${calls.length}` });
      }
      if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions') return json(200, { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' });
      const subscriptionId = req.method === 'GET' ? /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '')?.[1] : undefined;
      if (subscriptionId && subscriptions.has(subscriptionId)) return json(200, subscriptions.get(subscriptionId));
      json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    subscription,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Stripe: checkout, portal and signed webhooks against a stand-in API', () => {
  let system: TestSystem;
  let stripeServer: Awaited<ReturnType<typeof startStandInStripe>>;
  const signer = new Stripe('sk_test_signer');

  async function sendWebhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    const response = await fetch(`${system.baseUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    return { status: response.status, body: await response.json() };
  }

  beforeAll(async () => {
    stripeServer = await startStandInStripe();
    system = await startTestSystem({
      services: ['auth', 'billing'],
      env: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripeServer.url, PUBLIC_URL: 'https://printloom.test/' },
    });
  });

  afterAll(async () => {
    await system?.close();
    await stripeServer?.close();
  });

  it('creates a subscription-mode Checkout Session for a plan and a payment-mode one for a pack', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-buyer@example.com');
    const plan = await client.post('/api/stripe/checkout', { planId: 'creator' }, { origin: 'https://printloom.test' });
    expect(plan).toMatchObject({ status: 200, body: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) } });
    const created = stripeServer.calls.filter((call) => call.path === '/v1/checkout/sessions');
    expect(created[0].form.get('mode')).toBe('subscription');
    expect(created[0].form.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(created[0].form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(created[0].form.get('subscription_data[metadata][userId]')).toBe(userId);
    expect(created[0].form.get('success_url')).toBe('https://printloom.test/account?checkout=success');
    expect(stripeServer.calls.find((call) => call.path === '/v1/customers')?.form.get('email')).toBe('stripe-buyer@example.com');

    await client.post('/api/stripe/topup', { topupId: 'boost-50' }, { origin: 'https://printloom.test' });
    const topup = stripeServer.calls.filter((call) => call.path === '/v1/checkout/sessions')[1];
    expect(topup.form.get('mode')).toBe('payment');
    expect(topup.form.get('line_items[0][price_data][unit_amount]')).toBe('899');
    expect(stripeServer.calls.filter((call) => call.path === '/v1/customers')).toHaveLength(1);
  });

  it('activates the plan on checkout completion, renews on invoice.paid once, and opens the portal', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-sub@example.com');
    expect((await client.post('/api/stripe/checkout', { planId: 'pro' }, { origin: 'https://printloom.test' })).status).toBe(200);
    stripeServer.subscription.metadata = { userId, planId: 'pro' };
    const completed = {
      id: 'evt_completed_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_sub_1', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', subscription: 'sub_123', client_reference_id: userId, metadata: { userId, planId: 'pro' } } },
    };
    expect(await sendWebhook(completed)).toEqual({ status: 200, body: { received: true } });
    expect(await sendWebhook(completed)).toEqual({ status: 200, body: { received: true } });
    const invoicePaid = { id: 'evt_invoice_1', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: 'sub_123' } } } } };
    await sendWebhook(invoicePaid);
    const me = await client.get<{ credits: number; subscription: { planId: string; status: string } }>('/api/auth/me');
    expect(me.body.credits).toBe(400);
    expect(me.body.subscription).toMatchObject({ planId: 'pro', status: 'active' });

    // The next month: a new period, 25% of the unused 400 rolls over.
    const items = stripeServer.subscription.items.data[0];
    items.current_period_start = items.current_period_end;
    items.current_period_end += 30 * 86400;
    await sendWebhook({ ...invoicePaid, id: 'evt_invoice_2' });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(500);

    expect(await client.post('/api/stripe/portal', undefined, { origin: 'https://printloom.test' })).toMatchObject({ status: 200, body: { url: 'https://billing.stripe.test/p/1' } });

    await sendWebhook({ id: 'evt_deleted_1', object: 'event', type: 'customer.subscription.deleted', data: { object: { ...stripeServer.subscription, status: 'canceled' } } });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 0, subscription: null });
  });

  it('grants no plan credits while the first payment is incomplete, then activates on the paid invoice', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-3ds@example.com');
    const periodStart = Math.floor(Date.now() / 1000) - 60;
    const pending = {
      ...stripeServer.subscription,
      id: 'sub_3ds',
      status: 'incomplete',
      metadata: { userId, planId: 'studio' },
      items: { object: 'list', data: [{ id: 'si_3ds', object: 'subscription_item', current_period_start: periodStart, current_period_end: periodStart + 30 * 86400 }] },
    };
    stripeServer.subscriptions.set(pending.id, pending);
    const session = { id: 'cs_3ds', object: 'checkout.session', mode: 'subscription', payment_status: 'unpaid', subscription: pending.id, metadata: { userId, planId: 'studio' } };
    await sendWebhook({ id: 'evt_3ds_completed', object: 'event', type: 'checkout.session.completed', data: { object: session } });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 0, subscription: null });

    pending.status = 'active';
    await sendWebhook({ id: 'evt_3ds_invoice', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_3ds', object: 'invoice', subscription: pending.id } } });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 1000, subscription: { planId: 'studio', status: 'active', cancelAtPeriodEnd: false } });

    pending.cancel_at_period_end = true;
    await sendWebhook({ id: 'evt_3ds_updated', object: 'event', type: 'customer.subscription.updated', data: { object: pending } });
    await sendWebhook({ id: 'evt_3ds_invoice_late_copy', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_3ds', object: 'invoice', subscription: pending.id } } });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 1000, subscription: { planId: 'studio', cancelAtPeriodEnd: true } });
  });

  it('grants a paid top-up once, however often Stripe delivers the event', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-topup@example.com');
    const event = {
      id: 'evt_topup_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_topup_1', object: 'checkout.session', mode: 'payment', payment_status: 'paid', metadata: { userId, topupId: 'boost-100' } } },
    };
    await sendWebhook(event);
    await sendWebhook(event);
    await sendWebhook({ ...event, id: 'evt_topup_1_retry' });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(100);
  });

  it('refuses a webhook with a bad signature', async () => {
    const forged = await sendWebhook({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: {} } }, 'whsec_wrong');
    expect(forged).toEqual({ status: 400, body: { error: 'Invalid webhook signature' } });
    const unsigned = await fetch(`${system.baseUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
  });
});
