import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { BILLING } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { StripeStandIn } from './support/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const ORIGIN = { origin: 'https://printloom.test' };
type Me = {
  credits: number;
  subscription: { planId: string; status: string; cancelAtPeriodEnd?: boolean; scheduledPlanId?: string | null } | null;
};

describe('Stripe: checkout, portal and signed webhooks against a stand-in API', () => {
  let system: TestSystem;
  const stripe = new StripeStandIn();
  const inbox = new SmtpInbox();
  const signer = new Stripe('sk_test_signer');
  let nc: NatsConnection;
  let rpc: RpcClient;
  let eventCount = 0;

  async function sendWebhook(type: string, object: Record<string, unknown>, options: { id?: string; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${(eventCount += 1)}_${randomUUID().slice(0, 8)}`,
      object: 'event',
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    const response = await fetch(`${system.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status, body: await response.json() };
  }
  const me = async (client: Awaited<ReturnType<typeof createSignedInUser>>['client']) => (await client.get<Me>('/api/auth/me')).body;
  /** A user who opened a Checkout, so their Stripe customer exists (cus_<userId>). */
  async function customer(email: string) {
    const user = await createSignedInUser(system, email);
    expect((await user.client.post('/api/stripe/topup', { topupId: 'boost-25' }, ORIGIN)).status).toBe(200);
    return { ...user, customerId: `cus_${user.userId}` };
  }
  /** A paid top-up Checkout: the session Stripe holds, paid by payment intent `pi`. */
  async function paidTopup(user: { userId: string }, topupId: string, pi: string) {
    const id = `cs_${pi}`;
    stripe.sessions.set(id, {
      id,
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: user.userId,
      metadata: { userId: user.userId, topupId },
      payment_intent: pi,
      status: 'complete',
    });
    await sendWebhook('checkout.session.completed', {
      id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: user.userId,
      payment_intent: pi,
      metadata: { userId: user.userId, topupId },
    });
    return id;
  }
  /** A Stripe subscriber whose period started a day ago (whole seconds, as Stripe counts): the period start. */
  async function subscribed(userId: string, customerId: string, subscriptionId: string, planId: string) {
    const start = Math.floor(Date.now() / 1000) - 86400;
    const { SubscriptionsService } = await import('../../services/billing/src/subscriptions.service.js');
    await system.services.billing!.app.get(SubscriptionsService).startPeriod({
      userId,
      planId,
      periodStart: new Date(start * 1000),
      periodEnd: new Date((start + 30 * 86400) * 1000),
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscriptionId,
    });
    return start;
  }
  async function spend(userId: string, amount: number) {
    const { reservationId } = await rpc.request(BILLING.reserve, { userId, amount, reason: 'generation', ref: randomUUID() });
    await rpc.request(BILLING.commit, { reservationId });
  }

  beforeAll(async () => {
    await stripe.start();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'billing', 'notifications'],
      // A trailing slash on PUBLIC_URL must not change a single URL we hand to Stripe.
      env: {
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: 'https://printloom.test/',
        SMTP_URL: smtpUrl,
        MAIL_POLL_MS: '100',
      },
    });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
    await stripe.stop();
    await inbox.stop();
  });

  it('refuses the local Pay endpoint while the provider is Stripe, even for a local checkout opened before the switch', async () => {
    const { client, userId } = await createSignedInUser(system, 'local-pay@example.com');
    const db = system.services.billing!.infra.dataSource;
    const [{ id }] = await db.query(
      `INSERT INTO billing.checkout_sessions (user_id, kind, item_id) VALUES ($1, 'topup', 'boost-100') RETURNING id`,
      [userId],
    );
    const refused = { status: 403, body: { error: 'The local checkout is turned off: payments go through Stripe.' } };
    expect(await client.post(`/api/checkout/local/${id}`, { action: 'pay' }, { origin: 'https://printloom.test' })).toMatchObject(refused);
    expect(await client.get(`/api/checkout/local/${id}`)).toMatchObject(refused);
    expect((await client.get('/api/auth/me')).body).toMatchObject({ credits: 0 });
  });

  it('opens Checkout on catalog prices found by lookup key, with receipts, and clean return URLs', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-buyer@example.com');
    const plan = await client.post('/api/stripe/checkout', { planId: 'creator' }, ORIGIN);
    expect(plan).toMatchObject({ status: 200, body: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) } });
    const [created] = stripe.calledWith('POST', '/v1/checkout/sessions');
    expect(created.form.get('mode')).toBe('subscription');
    expect(created.form.get('line_items[0][price]')).toBe('price_printloom_creator_monthly');
    expect([...created.form.keys()].some((key) => key.includes('price_data'))).toBe(false);
    expect(created.form.get('subscription_data[metadata][planId]')).toBeNull(); // the plan is read from the price, never metadata
    expect(created.form.get('success_url')).toBe('https://printloom.test/account?checkout=success');
    expect(created.form.get('cancel_url')).toBe('https://printloom.test/pricing?checkout=canceled');
    expect(stripe.calledWith('GET', '/v1/prices')[0].form.get('lookup_keys[0]')).toBe('printloom_creator_monthly');
    expect(stripe.calledWith('POST', '/v1/customers')[0].form.get('email')).toBe('stripe-buyer@example.com');

    await client.post('/api/stripe/topup', { topupId: 'boost-50' }, ORIGIN);
    const topup = stripe.calledWith('POST', '/v1/checkout/sessions')[1];
    expect(topup.form.get('mode')).toBe('payment');
    expect(topup.form.get('line_items[0][price]')).toBe('price_printloom_boost_50');
    expect(topup.form.get('payment_intent_data[receipt_email]')).toBe('stripe-buyer@example.com');
    expect(stripe.calledWith('POST', '/v1/customers')).toHaveLength(1);
    expect(userId).toBeTruthy();

    stripe.lookupKeys.delete('printloom_studio_monthly');
    expect(await client.post('/api/stripe/checkout', { planId: 'studio' }, ORIGIN)).toMatchObject({
      status: 503,
      body: { error: 'This plan cannot be bought right now. Please contact support.' },
    });
    stripe.lookupKeys.add('printloom_studio_monthly');
  });

  it('two Checkout tabs never make two subscriptions: opening the second expires the first', async () => {
    const { client } = await createSignedInUser(system, 'stripe-tabs@example.com');
    const first = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' }, ORIGIN);
    const second = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'starter' }, ORIGIN);
    const firstId = first.body.url.split('/').pop()!;
    const secondId = second.body.url.split('/').pop()!;
    expect(stripe.sessions.get(firstId)!.status).toBe('expired');
    expect(stripe.sessions.get(secondId)!.status).toBe('open');
    expect(stripe.calledWith('POST', `/v1/checkout/sessions/${firstId}/expire`)).toHaveLength(1);
  });

  it('applies subscription events by fetching the subscription again: order never matters, each event once, plan from the price', async () => {
    const { client, userId, customerId } = await customer('stripe-sub@example.com');
    const subscription = stripe.addSubscription('sub_pro', customerId, 'pro');
    // The paid invoice arrives before the Checkout completion: same result either way.
    await sendWebhook('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      customer: customerId,
      parent: { subscription_details: { subscription: 'sub_pro' } },
    });
    const completed = {
      id: 'cs_sub_1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: 'sub_pro',
      client_reference_id: userId,
      metadata: { userId },
    };
    await sendWebhook('checkout.session.completed', completed, { id: 'evt_completed_1' });
    expect(await sendWebhook('checkout.session.completed', completed, { id: 'evt_completed_1' })).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await me(client)).toMatchObject({ credits: 400, subscription: { planId: 'pro', status: 'active' } });

    // The next month: a new period, 25% of the unused 400 rolls over, however often Stripe tells us.
    const item = subscription.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end += 30 * 86400;
    await sendWebhook('invoice.paid', { id: 'in_2', object: 'invoice', customer: customerId, subscription: 'sub_pro' });
    await sendWebhook('customer.subscription.updated', { id: 'sub_pro', object: 'subscription', status: 'active' });
    expect((await me(client)).credits).toBe(500);

    // Changed to Studio in the portal: the plan follows the price, not any metadata.
    item.price = { id: 'price_printloom_studio_monthly', object: 'price', lookup_key: 'printloom_studio_monthly' };
    subscription.metadata = { planId: 'starter' };
    await sendWebhook('customer.subscription.updated', { id: 'sub_pro', object: 'subscription', metadata: { planId: 'starter' } });
    expect((await me(client)).subscription).toMatchObject({ planId: 'studio' });
    expect(await client.post('/api/stripe/portal', undefined, ORIGIN)).toMatchObject({
      status: 200,
      body: { url: 'https://billing.stripe.test/p/1' },
    });
    expect(stripe.calledWith('POST', '/v1/billing_portal/sessions').at(-1)!.form.get('return_url')).toBe('https://printloom.test/account');

    // Deleted arrives, then a stale copy of an older "updated" event: the subscription stays ended.
    subscription.status = 'canceled';
    await sendWebhook('customer.subscription.deleted', { id: 'sub_pro', object: 'subscription', status: 'canceled' });
    await sendWebhook('customer.subscription.updated', { id: 'sub_pro', object: 'subscription', status: 'active' });
    expect(await me(client)).toMatchObject({ credits: 0, subscription: null });
  });

  it('a past_due subscriber reaches the portal, cannot buy a second subscription, and gets our payment-failed email', async () => {
    const { client, customerId } = await customer('stripe-late@example.com');
    const subscription = stripe.addSubscription('sub_late', customerId, 'creator');
    await sendWebhook('customer.subscription.created', { id: 'sub_late', object: 'subscription' });
    expect((await me(client)).subscription).toMatchObject({ planId: 'creator', status: 'active' });

    subscription.status = 'past_due';
    const failed = {
      id: 'in_late_1',
      object: 'invoice',
      customer: customerId,
      subscription: 'sub_late',
      hosted_invoice_url: 'https://invoice.stripe.test/i/1',
    };
    await sendWebhook('invoice.payment_failed', failed);
    await sendWebhook('invoice.payment_failed', failed); // Stripe retries the charge and tells us again: one email
    expect((await me(client)).subscription).toMatchObject({ status: 'past_due' });
    expect(await client.post('/api/stripe/portal', undefined, ORIGIN)).toMatchObject({
      status: 200,
      body: { url: 'https://billing.stripe.test/p/1' },
    });
    expect(await client.post('/api/stripe/checkout', { planId: 'pro' }, ORIGIN)).toMatchObject({
      status: 409,
      body: { error: 'Your last payment failed. Update your card in Manage Billing before changing plan.' },
    });
    const mail = await inbox.waitFor('stripe-late@example.com', /Payment failed/);
    expect(mail.text).toContain('https://printloom.test/account');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.count('stripe-late@example.com', /Payment failed/)).toBe(1);

    subscription.status = 'unpaid';
    await sendWebhook('customer.subscription.updated', { id: 'sub_late', object: 'subscription' });
    expect((await me(client)).subscription).toMatchObject({ status: 'unpaid' });
    expect((await client.post('/api/stripe/portal', undefined, ORIGIN)).status).toBe(200);
    expect((await client.post('/api/stripe/checkout', { planId: 'pro' }, ORIGIN)).status).toBe(409);
  });

  it('grants no plan credits while the first payment is incomplete, then activates on the paid invoice', async () => {
    const { client, userId, customerId } = await customer('stripe-3ds@example.com');
    const pending = stripe.addSubscription('sub_3ds', customerId, 'studio', 'incomplete');
    await sendWebhook('checkout.session.completed', {
      id: 'cs_3ds',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'unpaid',
      subscription: 'sub_3ds',
      client_reference_id: userId,
    });
    expect(await me(client)).toMatchObject({ credits: 0, subscription: null });
    pending.status = 'active';
    await sendWebhook('invoice.paid', { id: 'in_3ds', object: 'invoice', customer: customerId, subscription: 'sub_3ds' });
    expect(await me(client)).toMatchObject({
      credits: 1000,
      subscription: { planId: 'studio', status: 'active', cancelAtPeriodEnd: false },
    });
    pending.cancel_at_period_end = true;
    await sendWebhook('customer.subscription.updated', { id: 'sub_3ds', object: 'subscription' });
    await sendWebhook('invoice.paid', { id: 'in_3ds', object: 'invoice', customer: customerId, subscription: 'sub_3ds' });
    expect(await me(client)).toMatchObject({ credits: 1000, subscription: { planId: 'studio', cancelAtPeriodEnd: true } });
    expect(
      (await client.post<{ events: Array<{ event: string }> }>('/api/billing/purchase-events/claim', undefined, ORIGIN)).body.events.map(
        ({ event }) => event,
      ),
    ).toEqual(['subscription_started', 'subscription_cancelled']);
  });

  it('grants a delayed payment (async_payment_succeeded) exactly once, and nothing when it fails', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-sepa@example.com');
    const session = {
      id: 'cs_sepa',
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: userId,
      metadata: { userId, topupId: 'boost-100' },
    };
    await sendWebhook('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await me(client)).credits).toBe(0);
    await sendWebhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    await sendWebhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    await sendWebhook('checkout.session.completed', { ...session, payment_status: 'paid' });
    expect((await me(client)).credits).toBe(100);
    // Confirmed by the server, handed to the buyer's browser for analytics once.
    expect((await client.post('/api/billing/purchase-events/claim', undefined, ORIGIN)).body).toEqual({
      events: [{ event: 'topup_purchase', params: { pack: 'boost-100', value: 16.99, currency: 'USD', credits: 100 } }],
    });
    expect((await client.post('/api/billing/purchase-events/claim', undefined, ORIGIN)).body).toEqual({ events: [] });

    const failing = { ...session, id: 'cs_sepa_failed', metadata: { userId, topupId: 'boost-50' } };
    await sendWebhook('checkout.session.completed', { ...failing, payment_status: 'unpaid' });
    await sendWebhook('checkout.session.async_payment_failed', { ...failing, payment_status: 'unpaid' });
    expect((await me(client)).credits).toBe(100);
  });

  it('a refund takes back the unspent credits it bought (never below zero) and flags the account', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-refund@example.com');
    await paidTopup({ userId }, 'boost-100', 'pi_refund');
    await spend(userId, 30);
    expect((await me(client)).credits).toBe(70);
    // Half refunded first ($8.49 of $16.99: 50 credits' worth), then the rest: 70 unspent can go, the 30 spent stay spent.
    const charge = stripe.addCharge('ch_refund', 'pi_refund', 1699, null, 849);
    await sendWebhook('charge.refunded', {
      id: 'ch_refund',
      object: 'charge',
      amount: 1699,
      amount_refunded: 849,
      payment_intent: 'pi_refund',
    });
    expect((await me(client)).credits).toBe(20);
    Object.assign(charge, { amount_refunded: 1699, refunded: true });
    await sendWebhook('charge.refunded', {
      id: 'ch_refund',
      object: 'charge',
      amount: 1699,
      amount_refunded: 1699,
      payment_intent: 'pi_refund',
    });
    await sendWebhook('charge.refunded', {
      id: 'ch_refund',
      object: 'charge',
      amount: 1699,
      amount_refunded: 1699,
      payment_intent: 'pi_refund',
    });
    expect((await me(client)).credits).toBe(0);
    const flags = await system.services.billing!.infra.dataSource.query(
      `SELECT reason, source_ref FROM billing.account_flags WHERE user_id = $1`,
      [userId],
    );
    expect(flags).toEqual([{ reason: 'refund', source_ref: 'refund:ch_refund' }]);
  });

  it('a dispute takes back the unspent credits of that payment only and flags the account', async () => {
    const { client, userId } = await createSignedInUser(system, 'stripe-dispute@example.com');
    await paidTopup({ userId }, 'boost-25', 'pi_kept');
    await paidTopup({ userId }, 'boost-50', 'pi_disputed');
    expect((await me(client)).credits).toBe(75);
    stripe.addCharge('ch_kept', 'pi_kept', 499);
    stripe.addCharge('ch_disputed', 'pi_disputed', 899);
    await sendWebhook('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      charge: 'ch_disputed',
      payment_intent: 'pi_disputed',
      amount: 899,
      reason: 'fraudulent',
    });
    expect((await me(client)).credits).toBe(25);
    await sendWebhook('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      charge: 'ch_disputed',
      amount: 899,
      reason: 'fraudulent',
    });
    expect((await me(client)).credits).toBe(25);
    const flags = await system.services.billing!.infra.dataSource.query(`SELECT reason FROM billing.account_flags WHERE user_id = $1`, [
      userId,
    ]);
    expect(flags).toEqual([{ reason: 'dispute' }]);
  });

  it('a dispute of subscription invoices, given by charge id, takes back the unspent credits of its period and upgrade lots, never below zero, once', async () => {
    const { client, userId, customerId } = await customer('stripe-sub-dispute@example.com');
    const periodStart = await subscribed(userId, customerId, 'sub_disputed', 'creator');
    const invoice = { customer: customerId, subscription: 'sub_disputed' };
    stripe.addInvoice('in_created', {
      ...invoice,
      paymentIntent: 'pi_created',
      amountPaid: 999,
      billingReason: 'subscription_create',
      periodStarts: [periodStart],
    });
    stripe.addCharge('ch_created', 'pi_created', 999, customerId);
    // An upgrade paid by its own invoice, its credits granted once for that invoice.
    stripe.addInvoice('in_upgraded', {
      ...invoice,
      paymentIntent: 'pi_upgraded',
      amountPaid: 500,
      billingReason: 'subscription_update',
      periodStarts: [periodStart + 3600],
    });
    stripe.addCharge('ch_upgraded', 'pi_upgraded', 500, customerId);
    const { LedgerRepository } = await import('../../services/billing/src/repositories/ledger.repository.js');
    const ledger = system.services.billing!.app.get(LedgerRepository);
    await ledger.transaction(async (tx) => {
      await ledger.lockUser(tx, userId);
      await ledger.grantLot(tx, {
        userId,
        kind: 'plan',
        sourceRef: 'upgrade:in_upgraded',
        credits: 40,
        expiresAt: new Date((periodStart + 30 * 86400) * 1000),
      });
    });
    await paidTopup({ userId }, 'boost-25', 'pi_pack_kept');
    await spend(userId, 140); // the period lot first: 10 of its 150 left; the upgrade's 40 and the pack's 25 untouched
    expect((await me(client)).credits).toBe(75);

    const dispute = (id: string, charge: string, amount: number) => ({
      id,
      object: 'dispute',
      charge,
      payment_intent: charge.replace('ch_', 'pi_'),
      amount,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
    });
    await sendWebhook('charge.dispute.created', dispute('dp_created', 'ch_created', 999));
    expect((await me(client)).credits).toBe(65); // only the 10 unspent: the 140 spent stay spent
    await sendWebhook('charge.dispute.created', dispute('dp_upgraded', 'ch_upgraded', 500));
    expect((await me(client)).credits).toBe(25); // the pack, paid by another charge, stays

    // The same dispute again (a replay under a new event id) and a refund of the same charge: nothing more.
    await sendWebhook('charge.dispute.created', dispute('dp_upgraded', 'ch_upgraded', 500));
    Object.assign(stripe.charges.get('ch_upgraded')!, { amount_refunded: 500, refunded: true });
    await sendWebhook('charge.refunded', { ...stripe.charges.get('ch_upgraded')! });
    expect((await me(client)).credits).toBe(25);
    const db = system.services.billing!.infra.dataSource;
    const lots = await db.query(
      `SELECT source_ref, credits_remaining FROM billing.credit_lots WHERE user_id = $1 AND kind = 'plan' ORDER BY created_at`,
      [userId],
    );
    expect(lots).toEqual([
      { source_ref: `plan:${userId}:${new Date(periodStart * 1000).toISOString()}`, credits_remaining: 0 },
      { source_ref: 'upgrade:in_upgraded', credits_remaining: 0 },
    ]);
    const flags = await db.query(`SELECT reason, source_ref FROM billing.account_flags WHERE user_id = $1 ORDER BY created_at`, [userId]);
    expect(flags).toEqual([
      { reason: 'dispute', source_ref: 'dispute:dp_created' },
      { reason: 'dispute', source_ref: 'dispute:dp_upgraded' },
      { reason: 'refund', source_ref: 'refund:ch_upgraded' },
    ]);
  });

  it('takes back the unspent plan credits of a refunded subscription payment, never below zero, and flags the account', async () => {
    const { client, userId, customerId } = await customer('stripe-sub-refund@example.com');
    const periodStart = await subscribed(userId, customerId, 'sub_refunded', 'creator');
    stripe.addInvoice('in_refunded', {
      customer: customerId,
      subscription: 'sub_refunded',
      paymentIntent: 'pi_invoice',
      amountPaid: 999,
      billingReason: 'subscription_create',
      periodStarts: [periodStart],
    });
    stripe.addCharge('ch_invoice', 'pi_invoice', 999, customerId, 500);
    await spend(userId, 100);
    expect((await me(client)).credits).toBe(50);
    // Half the $9.99 back: 75 of the 150 plan credits' worth, but only 50 are left unspent.
    await sendWebhook('charge.refunded', {
      id: 'ch_invoice',
      object: 'charge',
      amount: 999,
      amount_refunded: 500,
      payment_intent: 'pi_invoice',
      customer: customerId,
    });
    expect((await me(client)).credits).toBe(0);
    await sendWebhook('charge.refunded', {
      id: 'ch_invoice',
      object: 'charge',
      amount: 999,
      amount_refunded: 500,
      payment_intent: 'pi_invoice',
      customer: customerId,
    });
    expect((await me(client)).credits).toBe(0);
    const flags = await system.services.billing!.infra.dataSource.query(
      `SELECT reason, source_ref FROM billing.account_flags WHERE user_id = $1`,
      [userId],
    );
    expect(flags).toEqual([{ reason: 'refund', source_ref: 'refund:ch_invoice' }]);
  });

  it('refuses a webhook with a bad signature', async () => {
    const forged = await sendWebhook('checkout.session.completed', {}, { secret: 'whsec_wrong' });
    expect(forged).toEqual({ status: 400, body: { error: 'Invalid webhook signature', code: 'BAD_REQUEST' } });
    const unsigned = await fetch(`${system.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(400);
  });
});
