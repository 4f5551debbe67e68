import type Stripe from 'stripe';
import {
  AppError,
  AUTH,
  planIdOfStripeLookupKey,
  stripeLookupKeyOfPlan,
  stripeLookupKeyOfTopup,
  type Plan,
  type TopupPack,
} from '@printloom/contracts';
import type { Logger, RpcClient } from '@printloom/service-kit';
import type { CustomerRepository } from '../repositories/customer.repository.js';
import type { LedgerRepository } from '../repositories/ledger.repository.js';
import type { PaymentSafetyRepository } from '../repositories/payment-safety.repository.js';
import type { PaymentProvider, PlanChange, UpgradeStart } from './payment-provider.js';

export const PRICE_MISSING = 'This plan cannot be bought right now. Please contact support.';
/** Marks the portal configuration billing owns (metadata key and value), so it is found again, never made twice. */
export const PORTAL_CONFIGURATION_KEY = 'printloom_portal';
export const PORTAL_CONFIGURATION_VERSION = 'v1';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The portal sellers reach from Manage Billing: cards, invoices, cancelling at the period end; no plan switching. */
export function portalConfigurationParams(publicUrl: string): Stripe.BillingPortal.ConfigurationCreateParams {
  return {
    business_profile: {
      privacy_policy_url: new URL('/privacy', publicUrl).toString(),
      terms_of_service_url: new URL('/terms', publicUrl).toString(),
    },
    default_return_url: new URL('/account', publicUrl).toString(),
    features: {
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      subscription_update: { enabled: false },
      customer_update: { enabled: false },
    },
    metadata: { [PORTAL_CONFIGURATION_KEY]: PORTAL_CONFIGURATION_VERSION },
  };
}

/**
 * Stripe Checkout (subscription mode for plans, payment mode for packs) with catalog prices found by
 * lookup key, and the Customer Portal. A user has at most one open subscription Checkout: opening a
 * second tab expires the first, so two tabs can never pay for two subscriptions.
 */
export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly prices = new Map<string, string>();
  private portalConfigurationId: Promise<string> | null = null;

  constructor(
    private readonly stripe: Stripe,
    private readonly customers: CustomerRepository,
    private readonly ledger: LedgerRepository,
    private readonly safety: PaymentSafetyRepository,
    private readonly rpc: RpcClient,
    private readonly publicUrl: string,
    private readonly logger: Logger,
  ) {}

  async checkoutForPlan(userId: string, plan: Plan): Promise<string> {
    const price = await this.priceOf(stripeLookupKeyOfPlan(plan.id));
    const customer = await this.customerFor(userId);
    return this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      const previous = await this.safety.openCheckoutOf(tx, userId);
      if (previous) {
        // Already completed or expired: Stripe refuses, which is fine; an open one must not stay payable.
        await this.stripe.checkout.sessions
          .expire(previous)
          .catch((error: unknown) => this.logger.info({ err: error, sessionId: previous }, 'Previous Checkout not expired'));
      }
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: userId,
        line_items: [{ price, quantity: 1 }],
        metadata: { userId },
        subscription_data: { metadata: { userId } },
        success_url: new URL('/account?checkout=success', this.publicUrl).toString(),
        cancel_url: new URL('/pricing?checkout=canceled', this.publicUrl).toString(),
      });
      await this.safety.rememberOpenCheckout(tx, userId, session.id);
      return this.urlOf(session.url);
    });
  }

  async checkoutForTopup(userId: string, pack: TopupPack): Promise<string> {
    const price = await this.priceOf(stripeLookupKeyOfTopup(pack.id));
    const customer = await this.customerFor(userId);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: userId,
      line_items: [{ price, quantity: 1 }],
      metadata: { userId, topupId: pack.id },
      // Stripe emails the receipt of the payment to the customer.
      payment_intent_data: { receipt_email: await this.emailOf(userId), metadata: { userId, topupId: pack.id } },
      success_url: new URL('/account?checkout=success', this.publicUrl).toString(),
      cancel_url: new URL('/pricing?checkout=canceled', this.publicUrl).toString(),
    });
    return this.urlOf(session.url);
  }

  /**
   * An upgrade through our API, paid now: Stripe invoices the prorated difference at once
   * (`always_invoice`) and, with `pending_if_incomplete`, applies the new price only when that invoice
   * is paid. A payment the bank wants confirmed (or that failed) leaves the change pending: the answer
   * is the invoice's hosted page, where the customer confirms or pays. Credits come with `invoice.paid`.
   */
  async upgrade(userId: string, change: PlanChange): Promise<UpgradeStart> {
    const subscriptionId = this.requireStripeSubscription(change);
    const price = await this.priceOf(stripeLookupKeyOfPlan(change.to.id));
    // One change at a time per user: a second click waits and then sees the first one's result.
    return this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
      const waiting = subscription.pending_update?.subscription_items?.[0]?.price;
      const pendingInvoice = this.openInvoiceOf(subscription);
      if (waiting && idOf(waiting) === price && pendingInvoice) return { status: 'confirm', url: pendingInvoice };
      const item = this.currentItem(subscription, change.from);
      const scheduleId = idOf(subscription.schedule);
      // A downgrade scheduled for the renewal gives way to the upgrade.
      if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
      const updated = await this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        expand: ['latest_invoice'],
      });
      const invoice = this.openInvoiceOf(updated);
      if (updated.pending_update || invoice) {
        if (!invoice) throw new AppError('UPSTREAM_FAILED', 'The payment provider did not return the invoice to pay. Please try again.');
        return { status: 'confirm', url: invoice };
      }
      return { status: 'upgraded', url: '/account?change=upgraded' };
    });
  }

  /**
   * A downgrade at the period's end, as a subscription schedule: its first phase keeps today's price to
   * the end of the period, the second starts the cheaper one, then the schedule lets go. Stripe applies
   * it with the renewal itself (the renewal invoice is already at the new price, nothing prorated or
   * refunded), so no job of ours has to run at the right second, and the webhook's schedule reading
   * shows it on /account.
   */
  async scheduleDowngrade(_userId: string, change: PlanChange): Promise<void> {
    const subscriptionId = this.requireStripeSubscription(change);
    const price = await this.priceOf(stripeLookupKeyOfPlan(change.to.id));
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = this.currentItem(subscription, change.from);
    const existing = idOf(subscription.schedule);
    if (existing) await this.stripe.subscriptionSchedules.release(existing);
    const schedule = await this.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    await this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: item.price.id, quantity: 1 }],
          start_date: schedule.phases[0]?.start_date ?? item.current_period_start,
          end_date: item.current_period_end,
          proration_behavior: 'none',
        },
        { items: [{ price, quantity: 1 }], duration: { interval: 'month', interval_count: 1 }, proration_behavior: 'none' },
      ],
    });
  }

  /** Taking a scheduled change back: the schedule that would switch the price at renewal is released. */
  async keepCurrentPlan(_userId: string, subscriptionId: string | null): Promise<void> {
    if (!subscriptionId) return;
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
  }

  /** Cards, invoices and cancelling, in the portal configuration the product owns (it never switches plans). */
  async portal(userId: string): Promise<string> {
    const customer = await this.customers.stripeCustomerOf(userId);
    if (!customer)
      throw new AppError('FORBIDDEN', 'The billing portal is available to subscribers only. Choose a plan on the pricing page.');
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      configuration: await this.portalConfiguration(),
      return_url: new URL('/account', this.publicUrl).toString(),
    });
    return session.url;
  }

  /**
   * Our portal configuration, found by its metadata or created once (idempotently), and put back when
   * someone turned plan switching on in the dashboard: a portal that switches plans would skip our
   * upgrade path (Stripe's default `proration_behavior` there is `none`, an upgrade free until renewal).
   */
  private portalConfiguration(): Promise<string> {
    this.portalConfigurationId ??= this.ensurePortalConfiguration().catch((error: unknown) => {
      this.portalConfigurationId = null;
      throw error;
    });
    return this.portalConfigurationId;
  }

  private async ensurePortalConfiguration(): Promise<string> {
    const wanted = portalConfigurationParams(this.publicUrl);
    const { data } = await this.stripe.billingPortal.configurations.list({ active: true, limit: 100 });
    const ours = data.find((configuration) => configuration.metadata?.[PORTAL_CONFIGURATION_KEY] === PORTAL_CONFIGURATION_VERSION);
    if (ours) {
      if (ours.features.subscription_update.enabled) {
        this.logger.warn({ configuration: ours.id }, 'The billing portal configuration allowed plan switching: turned off again');
        await this.stripe.billingPortal.configurations.update(ours.id, { features: wanted.features });
      }
      return ours.id;
    }
    const created = await this.stripe.billingPortal.configurations.create(wanted, {
      idempotencyKey: `${PORTAL_CONFIGURATION_KEY}-${PORTAL_CONFIGURATION_VERSION}`,
    });
    return created.id;
  }

  private requireStripeSubscription(change: PlanChange): string {
    if (!change.subscriptionId)
      throw new AppError('CONFLICT', 'This subscription is not billed by Stripe. Please contact support to change plan.');
    return change.subscriptionId;
  }

  /** The subscription's one item, on the plan our records say it is on (else someone changed it meanwhile). */
  private currentItem(subscription: Stripe.Subscription, from: Plan): Stripe.SubscriptionItem {
    const item = subscription.items.data[0];
    if (!item) throw new AppError('CONFLICT', 'This subscription has no plan to change. Please contact support.');
    if (planIdOfStripeLookupKey(item.price.lookup_key) !== from.id)
      throw new AppError('CONFLICT', 'Your plan has changed in the meantime. Reload the page and choose the plan again.');
    return item;
  }

  /** The hosted page of the subscription's latest invoice while it waits to be paid. */
  private openInvoiceOf(subscription: Stripe.Subscription): string | null {
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === 'string' || invoice.status !== 'open') return null;
    return invoice.hosted_invoice_url ?? null;
  }

  /** The active catalog price with this lookup key, remembered once found. */
  private async priceOf(lookupKey: string): Promise<string> {
    const known = this.prices.get(lookupKey);
    if (known) return known;
    const { data } = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (!data[0]) {
      this.logger.error({ lookupKey }, 'No active Stripe price with this lookup key: create it in the Stripe catalog');
      throw new AppError('UNAVAILABLE', PRICE_MISSING);
    }
    this.prices.set(lookupKey, data[0].id);
    return data[0].id;
  }

  private async emailOf(userId: string): Promise<string> {
    return (await this.rpc.request(AUTH.getUser, { userId })).email;
  }

  private async customerFor(userId: string): Promise<string> {
    const existing = await this.customers.stripeCustomerOf(userId);
    if (existing) return existing;
    const customer = await this.stripe.customers.create(
      { email: await this.emailOf(userId), metadata: { userId } },
      { idempotencyKey: `customer:${userId}` },
    );
    await this.customers.save(userId, customer.id);
    return (await this.customers.stripeCustomerOf(userId)) ?? customer.id;
  }

  private urlOf(url: string | null): string {
    if (!url) throw new AppError('UPSTREAM_FAILED', 'The payment provider did not return a checkout page. Please try again.');
    return url;
  }
}
