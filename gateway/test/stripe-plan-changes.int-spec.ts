import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { creditsPaidFor, findPlan, planIdOfStripeLookupKey, planPricePerCreditCents } from '@printloom/contracts';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { StripeStandIn, type StandInInvoice } from './support/stripe-stand-in.js';
import { SmtpInbox } from './support/smtp-inbox.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const ORIGIN = { origin: 'https://printloom.test' };
type Me = { credits: number; subscription: { planId: string; status: string; scheduledPlanId?: string | null } | null };
type Reply = { status: string; url: string };

describe('Stripe plan changes: credits only for money that was paid', () => {
  let system: TestSystem;
  const stripe = new StripeStandIn();
  const signer = new Stripe('sk_test_signer');
  const inbox = new SmtpInbox();

  async function sendWebhook(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object } });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await fetch(`${system.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(response.status).toBe(200);
  }
  /** What Stripe sends about an invoice: its id, customer, subscription and billing reason (billing fetches the rest). */
  const invoiceEvent = (invoice: StandInInvoice) => ({
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    billing_reason: invoice.billing_reason,
    parent: invoice.parent,
  });
  const subscriptionUpdated = (id: string) => sendWebhook('customer.subscription.updated', { id, object: 'subscription' });
  /** Stripe's events after an invoice was paid: the subscription moved (when the change applied), then the invoice. */
  async function paid(invoice: StandInInvoice) {
    await subscriptionUpdated(invoice.parent.subscription_details.subscription);
    await sendWebhook('invoice.paid', invoiceEvent(invoice));
  }
  const latestInvoice = (subscriptionId: string) => stripe.invoices.get(stripe.subscriptions.get(subscriptionId)!.latest_invoice!)!;
  /** What a paid plan-change invoice buys: its amount at the price per credit of the plan its charged line is for. */
  function creditsBoughtBy(invoice: StandInInvoice): number {
    const charged = invoice.lines.data.find((line) => line.amount > 0)!;
    const plan = findPlan(planIdOfStripeLookupKey(charged.pricing!.price_details.price.replace(/^price_/, ''))!)!;
    return creditsPaidFor(plan, invoice.amount_paid);
  }

  async function subscriber(email: string, planId: string, startedSecondsAgo: number) {
    const user = await createSignedInUser(system, email);
    expect((await user.client.post('/api/stripe/topup', { topupId: 'boost-25' }, ORIGIN)).status).toBe(200); // makes the customer
    const subscriptionId = `sub_${user.userId.slice(0, 8)}`;
    stripe.addSubscription(subscriptionId, `cus_${user.userId}`, planId, 'active', startedSecondsAgo);
    await sendWebhook('customer.subscription.created', { id: subscriptionId, object: 'subscription' });
    const me = async () => (await user.client.get<Me>('/api/auth/me')).body;
    const change = (direction: 'upgrade' | 'downgrade', to: string) =>
      user.client.post<Reply>(`/api/billing/plan/${direction}`, { planId: to }, ORIGIN);
    return { ...user, subscriptionId, me, change };
  }

  beforeAll(async () => {
    await stripe.start();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'billing', 'notifications'],
      env: {
        SMTP_URL: smtpUrl,
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: 'https://printloom.test',
      },
    });
  });

  afterAll(async () => {
    await system?.close();
    await stripe.stop();
    await inbox.stop();
  });

  it('upgrades through our API with the difference invoiced at once and applied only when paid; credits come with invoice.paid, once', async () => {
    // Two thirds of the period gone: the upgrade costs a third of the difference in price.
    const seller = await subscriber('plan-up@example.com', 'starter', 20 * 86400);
    expect(await seller.me()).toMatchObject({ credits: 50, subscription: { planId: 'starter' } });

    stripe.upgradePayment = 'succeeds';
    expect(await seller.change('upgrade', 'creator')).toMatchObject({
      status: 200,
      body: { status: 'upgraded', url: '/account?change=upgraded' },
    });
    const [update] = stripe.calledWith('POST', `/v1/subscriptions/${seller.subscriptionId}`);
    expect(Object.fromEntries(update.form)).toMatchObject({
      'items[0][id]': `si_${seller.subscriptionId}`,
      'items[0][price]': 'price_printloom_creator_monthly',
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const invoice = latestInvoice(seller.subscriptionId);
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_update' });
    expect(invoice.amount_paid).toBeGreaterThan(160); // $5.00 × 1/3
    expect(invoice.amount_paid).toBeLessThan(170);

    // The subscription's change alone grants nothing; the paid invoice grants what its money buys at Creator's price per credit.
    await subscriptionUpdated(seller.subscriptionId);
    expect(await seller.me()).toMatchObject({ credits: 50, subscription: { planId: 'creator' } });
    await sendWebhook('invoice.paid', invoiceEvent(invoice));
    const bought = creditsBoughtBy(invoice);
    expect(bought).toBe(Math.floor((invoice.amount_paid * 150) / 999)); // 25 for $1.67, where the difference in credits gave 33
    expect((await seller.me()).credits).toBe(50 + bought);

    // Stripe sends the same invoice again (a new event): still once.
    await sendWebhook('invoice.paid', invoiceEvent(invoice));
    await sendWebhook('invoice.paid', invoiceEvent(invoice));
    expect((await seller.me()).credits).toBe(50 + bought);
  });

  it('an upgrade whose invoice fails grants nothing and leaves the plan unchanged; one the bank asks to confirm opens the invoice page and counts once paid', async () => {
    const seller = await subscriber('plan-declined@example.com', 'starter', 86400);
    stripe.upgradePayment = 'declined';
    const declined = await seller.change('upgrade', 'pro');
    const invoice = latestInvoice(seller.subscriptionId);
    expect(declined).toMatchObject({ status: 200, body: { status: 'confirm', url: invoice.hosted_invoice_url } });
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0, payment_intent_status: 'requires_payment_method' });
    expect(stripe.subscriptions.get(seller.subscriptionId)!.pending_update).not.toBeNull();

    await sendWebhook('invoice.payment_failed', invoiceEvent(invoice));
    await subscriptionUpdated(seller.subscriptionId);
    // Even an invoice.paid for it (a forged order of events) counts for nothing while Stripe says it is open.
    await sendWebhook('invoice.paid', invoiceEvent(invoice));
    expect(await seller.me()).toMatchObject({ credits: 50, subscription: { planId: 'starter', status: 'active' } });

    // Asked again while it waits: the same invoice page, no second change.
    expect((await seller.change('upgrade', 'pro')).body).toEqual({ status: 'confirm', url: invoice.hosted_invoice_url });
    expect(stripe.calledWith('POST', `/v1/subscriptions/${seller.subscriptionId}`)).toHaveLength(1);

    // Not paid in time: Stripe drops the change; nothing was granted, nothing changed.
    stripe.expirePendingUpdate(seller.subscriptionId);
    await subscriptionUpdated(seller.subscriptionId);
    expect(await seller.me()).toMatchObject({ credits: 50, subscription: { planId: 'starter' } });

    // The bank asks for 3-D Secure: the SPA opens the invoice page; once confirmed there, the change and its credits follow.
    stripe.upgradePayment = 'requires_action';
    const confirm = await seller.change('upgrade', 'creator');
    const secure = latestInvoice(seller.subscriptionId);
    expect(secure).toMatchObject({ status: 'open', payment_intent_status: 'requires_action' });
    expect(confirm.body).toEqual({ status: 'confirm', url: secure.hosted_invoice_url });
    await subscriptionUpdated(seller.subscriptionId);
    expect(await seller.me()).toMatchObject({ credits: 50, subscription: { planId: 'starter' } });
    await paid(stripe.payInvoice(secure.id));
    expect(await seller.me()).toMatchObject({ credits: 50 + creditsBoughtBy(secure), subscription: { planId: 'creator' } });
    expect(creditsBoughtBy(secure)).toBeGreaterThan(0);
  });

  it('no sequence of plan changes inside one period grants more credits than the money paid buys at the target plans’ price per credit', async () => {
    const seller = await subscriber('plan-farm@example.com', 'starter', 60);
    stripe.upgradePayment = 'succeeds';
    const subscription = stripe.subscriptions.get(seller.subscriptionId)!;

    // The old hole: the plan switched at Stripe with nothing invoiced (a portal prorating `none`), back and forth.
    for (const plan of ['studio', 'starter', 'studio', 'starter']) {
      subscription.items.data[0].price = {
        id: `price_printloom_${plan}_monthly`,
        object: 'price',
        lookup_key: `printloom_${plan}_monthly`,
      };
      await subscriptionUpdated(seller.subscriptionId);
    }
    expect(await seller.me()).toMatchObject({ credits: 50, subscription: { planId: 'starter' } });

    // Up, down, keep, up, down, up: each upgrade paid; downgrades scheduled for the renewal with nothing back.
    const steps: Array<['upgrade' | 'downgrade', string, string]> = [
      ['upgrade', 'creator', 'upgraded'],
      ['downgrade', 'starter', 'scheduled'],
      ['downgrade', 'creator', 'kept'],
      ['upgrade', 'pro', 'upgraded'],
      ['downgrade', 'starter', 'scheduled'],
      ['upgrade', 'studio', 'upgraded'],
    ];
    for (const [direction, plan, status] of steps) {
      expect((await seller.change(direction, plan)).body).toMatchObject({ status });
      if (direction === 'upgrade') await paid(latestInvoice(seller.subscriptionId));
      else await subscriptionUpdated(seller.subscriptionId);
    }
    const invoices = [...stripe.invoices.values()].filter(
      (invoice) => invoice.parent.subscription_details.subscription === seller.subscriptionId,
    );
    expect(invoices).toHaveLength(3);
    for (const invoice of invoices) await sendWebhook('invoice.paid', invoiceEvent(invoice)); // replayed: nothing more

    const upgradeCredits = (await seller.me()).credits - 50;
    expect(upgradeCredits).toBe(invoices.reduce((sum, invoice) => sum + creditsBoughtBy(invoice), 0));
    const lots: Array<{ source_ref: string; credits_granted: number }> = await system.services.billing!.infra.dataSource.query(
      `SELECT source_ref, credits_granted FROM billing.credit_lots WHERE source_ref LIKE 'upgrade:%' AND user_id = $1`,
      [seller.userId],
    );
    expect(lots.map((lot) => lot.source_ref).sort()).toEqual(invoices.map((invoice) => `upgrade:${invoice.id}`).sort());
    for (const invoice of invoices) {
      const target = findPlan(planIdOfStripeLookupKey(invoice.lines.data[1].pricing!.price_details.price.replace(/^price_/, ''))!)!;
      const granted = lots.find((lot) => lot.source_ref === `upgrade:${invoice.id}`)!.credits_granted;
      expect(granted * planPricePerCreditCents(target)).toBeLessThanOrEqual(invoice.amount_paid);
    }
    // The money paid ($5 + $15 + $25, nearly all of the period left) buys 75 + 240 + 500 at most.
    expect(upgradeCredits).toBeLessThanOrEqual(75 + 240 + 500);
    expect(await seller.me()).toMatchObject({ subscription: { planId: 'studio', scheduledPlanId: null } });
  });

  it('schedules a downgrade for the period end with a subscription schedule, and refuses changes in the wrong direction', async () => {
    const seller = await subscriber('plan-down@example.com', 'pro', 86400);
    expect(await seller.change('downgrade', 'creator')).toMatchObject({
      status: 200,
      body: { status: 'scheduled', url: '/account?change=scheduled' },
    });
    const item = stripe.subscriptions.get(seller.subscriptionId)!.items.data[0];
    const schedule = stripe.schedules.get(stripe.subscriptions.get(seller.subscriptionId)!.schedule!)!;
    expect(schedule.phases.map((phase) => [phase.start_date, phase.end_date, phase.items[0].price.lookup_key])).toEqual([
      [item.current_period_start, item.current_period_end, 'printloom_pro_monthly'],
      [item.current_period_end, item.current_period_end + 30 * 86400, 'printloom_creator_monthly'],
    ]);
    expect(stripe.calledWith('POST', `/v1/subscription_schedules/${schedule.id}`)[0].form.get('end_behavior')).toBe('release');
    await subscriptionUpdated(seller.subscriptionId);
    expect(await seller.me()).toMatchObject({ credits: 400, subscription: { planId: 'pro', scheduledPlanId: 'creator' } });

    expect(await seller.change('upgrade', 'starter')).toMatchObject({
      status: 400,
      body: { error: 'Starter costs less than Pro: choose it as a downgrade, from your next renewal.', code: 'BAD_REQUEST' },
    });
    expect(await seller.change('downgrade', 'studio')).toMatchObject({
      status: 400,
      body: { error: 'Studio costs more than Pro: choose it as an upgrade, paid now.' },
    });
    expect(await seller.change('upgrade', 'platinum')).toMatchObject({ status: 400 });
    expect(await seller.change('upgrade', 'pro')).toMatchObject({ status: 409, body: { error: 'You are already on the Pro plan.' } });
    expect(await seller.client.post('/api/stripe/checkout', { planId: 'studio' }, ORIGIN)).toMatchObject({
      status: 409,
      body: { error: 'You already have a subscription: change plan on the pricing page.' },
    });
    const trial = await createSignedInUser(system, 'plan-trial@example.com');
    expect(await trial.client.post('/api/billing/plan/upgrade', { planId: 'pro' }, ORIGIN)).toMatchObject({
      status: 409,
      body: { error: 'There is no subscription to change. Choose a plan on the pricing page.' },
    });
    expect(stripe.calledWith('POST', `/v1/subscriptions/${seller.subscriptionId}`)).toHaveLength(0);
    expect(await seller.me()).toMatchObject({ credits: 400, subscription: { planId: 'pro', scheduledPlanId: 'creator' } });
  });

  it('opens the billing portal with the configuration billing owns: cards, invoices and cancelling, never switching plans; made once', async () => {
    const seller = await subscriber('plan-portal@example.com', 'creator', 60);
    const before = stripe.calledWith('POST', '/v1/billing_portal/configurations').length;
    expect(await seller.client.post('/api/stripe/portal', undefined, ORIGIN)).toMatchObject({ status: 200 });
    expect(await seller.client.post('/api/stripe/portal', undefined, ORIGIN)).toMatchObject({ status: 200 });
    const configurations = [...stripe.portalConfigurations.values()];
    expect(configurations).toHaveLength(1);
    expect(stripe.calledWith('POST', '/v1/billing_portal/configurations').length - before).toBeLessThanOrEqual(1);
    expect(configurations[0].features).toMatchObject({
      subscription_update: { enabled: false },
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
    });
    const sessions = stripe.calledWith('POST', '/v1/billing_portal/sessions').slice(-2);
    expect(sessions.map((call) => call.form.get('configuration'))).toEqual([configurations[0].id, configurations[0].id]);
  });
});
