import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLANS } from '@printloom/contracts';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  /** A subscription schedule that changes the price at the renewal, as the portal makes for a downgrade. */
  schedule: string | null;
  metadata: Record<string, string>;
  /** Plan changes (subscriptions.update): the latest invoice's id, and a change waiting for its payment. */
  latest_invoice?: string | null;
  pending_update?: { expires_at: number; subscription_items: Array<{ id: string; price: StandInPrice }> } | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price'; lookup_key: string | null };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
}

type StandInPrice = { id: string; object: 'price'; lookup_key: string | null };

/** An invoice as Stripe holds it (the fields billing reads), with its lines' prices as ids. */
export interface StandInInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  status: 'open' | 'paid' | 'void';
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  total_excluding_tax: number;
  hosted_invoice_url: string;
  /** What the bank said about the payment attempt (for the test to read; Stripe keeps it on the payment). */
  payment_intent_status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  lines: {
    object: 'list';
    has_more: false;
    data: Array<{
      id: string;
      object: 'line_item';
      amount: number;
      period: { start: number; end: number };
      pricing?: { type: 'price_details'; price_details: { price: string; product: string } };
      parent?: { type: 'subscription_item_details'; subscription_item_details: { proration: true; subscription_item: string } };
    }>;
  };
  /** Not part of Stripe's invoice (API 2025-03-31 and later): the stand-in's own link to its payment. */
  payment_intent?: string;
}

/**
 * A stand-in for the Stripe API paths billing uses, answering in Stripe's shapes: customers, catalog
 * prices by lookup key, Checkout Sessions (create, expire, list by payment intent), the billing portal
 * and subscriptions. The Stripe SDK itself talks to it.
 */
export class StripeStandIn {
  readonly calls: Array<{ method: string; path: string; form: URLSearchParams }> = [];
  readonly subscriptions = new Map<string, StandInSubscription>();
  /** Checkout Sessions by id, as created (payment_intent set by the test when it "pays"). */
  readonly sessions = new Map<
    string,
    {
      id: string;
      object: 'checkout.session';
      mode: string;
      client_reference_id: string;
      metadata: Record<string, string>;
      payment_intent: string | null;
      status: string;
    }
  >();
  /** Lookup keys with an active price; a test removes one to see the clear error. */
  readonly lookupKeys = new Set(
    ['starter', 'creator', 'pro', 'studio']
      .map((plan) => `printloom_${plan}_monthly`)
      .concat(['printloom_boost_25', 'printloom_boost_50', 'printloom_boost_100']),
  );
  /** Subscription schedules by id (phases with their expanded price), released through the API. */
  readonly schedules = new Map<
    string,
    {
      id: string;
      object: 'subscription_schedule';
      status: string;
      subscription: string;
      phases: Array<{ start_date: number; end_date: number; items: Array<{ price: { id: string; object: 'price'; lookup_key: string } }> }>;
    }
  >();
  private server: http.Server | undefined;
  private counter = 0;

  // ---- Plan changes: subscriptions.update with prorations invoiced at once, invoices, schedules, portal configurations.
  /** How the bank answers the next plan-change payment; a test sets it before the upgrade. */
  upgradePayment: 'succeeds' | 'requires_action' | 'declined' = 'succeeds';
  readonly invoices = new Map<string, StandInInvoice>();
  readonly portalConfigurations = new Map<
    string,
    {
      id: string;
      object: 'billing_portal.configuration';
      active: boolean;
      metadata: Record<string, string>;
      features: Record<string, Record<string, unknown>>;
    }
  >();
  /** Prices of the plans in cents, as the catalog holds them. */
  readonly planPrices: Record<string, number> = Object.fromEntries(PLANS.map((plan) => [plan.id, plan.priceCents]));

  /** The customer pays (or confirms) an open invoice on its hosted page: a pending change is applied now. */
  payInvoice(invoiceId: string): StandInInvoice {
    const invoice = this.invoices.get(invoiceId)!;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.payment_intent_status = 'succeeded';
    const subscription = this.subscriptions.get(invoice.parent.subscription_details.subscription)!;
    const pending = subscription.pending_update;
    if (pending) subscription.items.data[0].price = pending.subscription_items[0].price;
    subscription.pending_update = null;
    return invoice;
  }

  /** A pending change not paid in time: Stripe drops it and voids its invoice. */
  expirePendingUpdate(subscriptionId: string): void {
    const subscription = this.subscriptions.get(subscriptionId)!;
    if (subscription.latest_invoice) this.invoices.get(subscription.latest_invoice)!.status = 'void';
    subscription.pending_update = null;
  }

  private answerPlanChanges(method: string, path: string, form: URLSearchParams): [number, unknown] | null {
    const expanded = (subscription: StandInSubscription) =>
      [...form.values()].includes('latest_invoice') && subscription.latest_invoice
        ? { ...subscription, latest_invoice: this.invoices.get(subscription.latest_invoice) }
        : subscription;
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const subscription = subscriptionPath ? this.subscriptions.get(subscriptionPath[1]) : undefined;
    if (subscription && method === 'GET') return [200, expanded(subscription)];
    if (subscription && method === 'POST') {
      const item = subscription.items.data[0];
      const target = form.get('items[0][price]');
      if (!target || form.get('items[0][id]') !== item.id)
        return [400, { error: { type: 'invalid_request_error', message: 'Unknown subscription item' } }];
      const price: StandInPrice = { id: target, object: 'price', lookup_key: target.replace(/^price_/, '') };
      const now = Math.floor(Date.now() / 1000);
      const share = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
      const planOf = (p: StandInPrice) => (p.lookup_key ?? '').replace(/^printloom_|_monthly$/g, '');
      const unused = -Math.round((this.planPrices[planOf(item.price)] ?? 0) * share);
      const remaining = Math.round((this.planPrices[planOf(price)] ?? 0) * share);
      if (form.get('proration_behavior') !== 'always_invoice') {
        // Prorations wait for the next renewal invoice: the new price applies now, nothing is paid now.
        item.price = price;
        return [200, expanded(subscription)];
      }
      const outcome = this.upgradePayment;
      const line = (amount: number, linePrice: StandInPrice) => ({
        id: id('il'),
        object: 'line_item' as const,
        amount,
        period: { start: now, end: item.current_period_end },
        pricing: { type: 'price_details' as const, price_details: { price: linePrice.id, product: `prod_${linePrice.lookup_key}` } },
        parent: {
          type: 'subscription_item_details' as const,
          subscription_item_details: { proration: true as const, subscription_item: item.id },
        },
      });
      const invoiceId = id('in');
      const total = unused + remaining;
      const invoice: StandInInvoice = {
        id: invoiceId,
        object: 'invoice',
        customer: subscription.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
        status: outcome === 'succeeds' ? 'paid' : 'open',
        billing_reason: 'subscription_update',
        amount_due: total,
        amount_paid: outcome === 'succeeds' ? total : 0,
        total_excluding_tax: total,
        hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
        payment_intent_status:
          outcome === 'succeeds' ? 'succeeded' : outcome === 'requires_action' ? 'requires_action' : 'requires_payment_method',
        lines: { object: 'list', has_more: false, data: [line(unused, item.price), line(remaining, price)] },
      };
      this.invoices.set(invoiceId, invoice);
      subscription.latest_invoice = invoiceId;
      if (outcome === 'succeeds') item.price = price;
      else if (form.get('payment_behavior') === 'pending_if_incomplete')
        subscription.pending_update = { expires_at: now + 23 * 3600, subscription_items: [{ id: item.id, price }] };
      else {
        // allow_incomplete (Stripe's default): the change applies unpaid and the subscription falls past due.
        item.price = price;
        subscription.status = 'past_due';
      }
      return [200, expanded(subscription)];
    }
    const price = method === 'GET' ? /^\/v1\/prices\/(price_(.+))$/.exec(path) : null;
    if (price && this.lookupKeys.has(price[2])) return [200, { id: price[1], object: 'price', lookup_key: price[2], active: true }];
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const from = this.subscriptions.get(form.get('from_subscription') ?? '');
      if (!from) return [400, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      if (from.schedule) return [400, { error: { type: 'invalid_request_error', message: 'The subscription already has a schedule' } }];
      const current = from.items.data[0];
      const scheduleId = id('sub_sched');
      this.schedules.set(scheduleId, {
        id: scheduleId,
        object: 'subscription_schedule',
        status: 'active',
        subscription: from.id,
        phases: [
          {
            start_date: current.current_period_start,
            end_date: current.current_period_end,
            items: [{ price: { ...current.price, lookup_key: current.price.lookup_key! } }],
          },
        ],
      });
      from.schedule = scheduleId;
      return [200, this.schedules.get(scheduleId)];
    }
    const scheduleUpdate = method === 'POST' ? /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path) : null;
    if (scheduleUpdate && this.schedules.has(scheduleUpdate[1])) {
      const schedule = this.schedules.get(scheduleUpdate[1])!;
      const phases: typeof schedule.phases = [];
      for (let index = 0; form.has(`phases[${index}][items][0][price]`); index += 1) {
        const start = Number(form.get(`phases[${index}][start_date]`) ?? phases[index - 1]?.end_date);
        const end = Number(form.get(`phases[${index}][end_date]`) ?? start + 30 * 86400);
        const key = form.get(`phases[${index}][items][0][price]`)!.replace(/^price_/, '');
        phases.push({ start_date: start, end_date: end, items: [{ price: { id: `price_${key}`, object: 'price', lookup_key: key } }] });
      }
      schedule.phases = phases;
      return [200, schedule];
    }
    if (path === '/v1/billing_portal/configurations' && method === 'GET')
      return [200, { object: 'list', data: [...this.portalConfigurations.values()].filter((c) => c.active), has_more: false }];
    const features = () => {
      const found: Record<string, Record<string, unknown>> = {};
      for (const [key, value] of form) {
        const match = /^features\[(\w+)\]\[(\w+)\]$/.exec(key);
        if (match) (found[match[1]] ??= {})[match[2]] = value === 'true' ? true : value === 'false' ? false : value;
      }
      return found;
    };
    if (path === '/v1/billing_portal/configurations' && method === 'POST') {
      const configuration = {
        id: id('bpc'),
        object: 'billing_portal.configuration' as const,
        active: true,
        metadata: Object.fromEntries(
          [...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]),
        ),
        features: features(),
      };
      this.portalConfigurations.set(configuration.id, configuration);
      return [200, configuration];
    }
    const configurationUpdate = method === 'POST' ? /^\/v1\/billing_portal\/configurations\/([^/]+)$/.exec(path) : null;
    if (configurationUpdate && this.portalConfigurations.has(configurationUpdate[1])) {
      const configuration = this.portalConfigurations.get(configurationUpdate[1])!;
      for (const [name, values] of Object.entries(features()))
        configuration.features[name] = { ...configuration.features[name], ...values };
      return [200, configuration];
    }
    return null;

    function id(prefix: string) {
      return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
    }
  }
  // ---- end of plan changes

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** A subscription as Stripe would hold it, on a catalog price of this plan, period starting `startedSecondsAgo` ago. */
  addSubscription(id: string, customer: string, planId: string, status = 'active', startedSecondsAgo = 60): StandInSubscription {
    const start = Math.floor(Date.now() / 1000) - startedSecondsAgo;
    const subscription: StandInSubscription = {
      id,
      object: 'subscription',
      status,
      customer,
      cancel_at_period_end: false,
      schedule: null,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: `si_${id}`,
            object: 'subscription_item',
            price: { id: `price_printloom_${planId}_monthly`, object: 'price', lookup_key: `printloom_${planId}_monthly` },
            current_period_start: start,
            current_period_end: start + 30 * 86400,
          },
        ],
      },
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** What the portal does when a cheaper plan is confirmed: a schedule switching the price when this period ends. */
  scheduleChange(subscriptionId: string, planId: string): string {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = subscription.items.data[0];
    const price = (plan: string) => ({
      id: `price_printloom_${plan}_monthly`,
      object: 'price' as const,
      lookup_key: `printloom_${plan}_monthly`,
    });
    const id = `sub_sched_${subscriptionId}`;
    this.schedules.set(id, {
      id,
      object: 'subscription_schedule',
      status: 'active',
      subscription: subscriptionId,
      phases: [
        {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: { ...item.price, lookup_key: item.price.lookup_key! } }],
        },
        { start_date: item.current_period_end, end_date: item.current_period_end + 30 * 86400, items: [{ price: price(planId) }] },
      ],
    });
    subscription.schedule = id;
    return id;
  }

  calledWith(method: string, path: string) {
    return this.calls.filter((call) => call.method === method && call.path.split('?')[0] === path);
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://stand-in');
        const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(body);
        this.calls.push({ method: req.method!, path: req.url!, form });
        const [status, answer] = this.answer(req.method!, url.pathname, form);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.calls.length}` }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }

  private answer(method: string, path: string, form: URLSearchParams): [number, unknown] {
    const id = (prefix: string) => `${prefix}_${(this.counter += 1)}`;
    const planChange = this.answerPlanChanges(method, path, form);
    if (planChange) return planChange;
    if (method === 'POST' && path === '/v1/customers')
      return [200, { id: `cus_${form.get('metadata[userId]')}`, object: 'customer', email: form.get('email') }];
    if (method === 'GET' && path === '/v1/prices') {
      const key = form.get('lookup_keys[0]') ?? '';
      return [
        200,
        {
          object: 'list',
          data: this.lookupKeys.has(key) ? [{ id: `price_${key}`, object: 'price', lookup_key: key, active: true }] : [],
          has_more: false,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = {
        id: id('cs'),
        object: 'checkout.session' as const,
        mode: form.get('mode')!,
        client_reference_id: form.get('client_reference_id')!,
        metadata: { userId: form.get('metadata[userId]') ?? '', topupId: form.get('metadata[topupId]') ?? '' },
        payment_intent: null,
        status: 'open',
      };
      this.sessions.set(session.id, session);
      return [200, { ...session, url: `https://checkout.stripe.test/c/${session.id}` }];
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = this.sessions.get(expire[1]);
      if (!session || session.status !== 'open')
        return [400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired.' } }];
      session.status = 'expired';
      return [200, session];
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const found = [...this.sessions.values()].filter((session) => session.payment_intent === form.get('payment_intent'));
      return [200, { object: 'list', data: found.slice(0, 1), has_more: false }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const flow = form.get('flow_data[type]');
      return [
        200,
        {
          id: 'bps_1',
          object: 'billing_portal.session',
          customer: form.get('customer'),
          url: flow ? `https://billing.stripe.test/p/1/flow/${flow}` : 'https://billing.stripe.test/p/1',
        },
      ];
    }
    const schedule = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path);
    if (schedule && this.schedules.has(schedule[1])) {
      const found = this.schedules.get(schedule[1])!;
      if (method === 'POST' && schedule[2]) {
        found.status = 'released';
        this.subscriptions.get(found.subscription)!.schedule = null;
      }
      return [200, found];
    }
    const subscription = method === 'GET' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(path) : null;
    if (subscription && this.subscriptions.has(subscription[1])) return [200, this.subscriptions.get(subscription[1])];
    const payments = this.answerPayments(method, path, form);
    if (payments) return payments;
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  // Charges, invoices and invoice payments, as refunds and disputes resolve them (API 2025-03-31 and
  // later: a charge no longer names its invoice; the invoice's payments name the payment intent).
  readonly charges = new Map<string, StandInCharge>();

  /** A charge for a payment intent, with how much of it was refunded so far. */
  addCharge(id: string, paymentIntent: string, amount: number, customer: string | null = null, amountRefunded = 0): StandInCharge {
    const charge: StandInCharge = {
      id,
      object: 'charge',
      amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= amount,
      payment_intent: paymentIntent,
      customer,
      status: 'succeeded',
    };
    this.charges.set(id, charge);
    return charge;
  }

  /** A paid subscription invoice (one line per period start) and its payment by `paymentIntent`. */
  addInvoice(
    id: string,
    invoice: {
      customer: string;
      subscription: string;
      paymentIntent: string;
      amountPaid: number;
      billingReason: string;
      periodStarts: number[];
    },
  ): StandInInvoice {
    const found: StandInInvoice = {
      id,
      object: 'invoice',
      customer: invoice.customer,
      status: 'paid',
      amount_due: invoice.amountPaid,
      amount_paid: invoice.amountPaid,
      total_excluding_tax: invoice.amountPaid,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      payment_intent_status: 'succeeded',
      billing_reason: invoice.billingReason,
      parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscription } },
      lines: {
        object: 'list',
        has_more: false,
        data: invoice.periodStarts.map((start, index) => ({
          id: `il_${id}_${index}`,
          object: 'line_item',
          amount: invoice.amountPaid,
          period: { start, end: start + 30 * 86400 },
        })),
      },
      payment_intent: invoice.paymentIntent,
    };
    this.invoices.set(id, found);
    return found;
  }

  private answerPayments(method: string, path: string, form: URLSearchParams): [number, unknown] | null {
    if (method !== 'GET') return null;
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (charge && this.charges.has(charge[1])) return [200, this.charges.get(charge[1])];
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (invoice && this.invoices.has(invoice[1])) {
      const { payment_intent: _paymentIntent, ...shown } = this.invoices.get(invoice[1])!;
      return [200, shown];
    }
    if (path === '/v1/invoice_payments') {
      const intent = form.get('payment[type]') === 'payment_intent' ? form.get('payment[payment_intent]') : null;
      const data = [...this.invoices.values()]
        .filter((found) => found.payment_intent === intent)
        .map((found) => ({
          id: `inpay_${found.id}`,
          object: 'invoice_payment',
          invoice: found.id,
          amount_paid: found.amount_paid,
          status: 'paid',
          is_default: true,
          payment: { type: 'payment_intent', payment_intent: found.payment_intent },
        }));
      return [200, { object: 'list', data, has_more: false }];
    }
    return null;
  }
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  customer: string | null;
  status: string;
}
