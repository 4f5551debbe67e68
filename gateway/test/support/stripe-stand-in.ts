import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  /** A subscription schedule that changes the price at the renewal, as the portal makes for a downgrade. */
  schedule: string | null;
  metadata: Record<string, string>;
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
  readonly invoices = new Map<string, StandInInvoice>();

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
      amount_paid: invoice.amountPaid,
      billing_reason: invoice.billingReason,
      parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscription } },
      lines: {
        object: 'list',
        has_more: false,
        data: invoice.periodStarts.map((start, index) => ({
          id: `il_${id}_${index}`,
          object: 'line_item',
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

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: string;
  amount_paid: number;
  billing_reason: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  lines: { object: 'list'; has_more: boolean; data: Array<{ id: string; object: 'line_item'; period: { start: number; end: number } }> };
  /** Not part of Stripe's invoice: the stand-in's own link to the invoice payment. */
  payment_intent: string;
}
