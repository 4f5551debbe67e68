import type Stripe from 'stripe';
import { AppError, AUTH, stripeLookupKeyOfPlan, stripeLookupKeyOfTopup, type Plan, type TopupPack } from '@printloom/contracts';
import type { Logger, RpcClient } from '@printloom/service-kit';
import type { CustomerRepository } from '../repositories/customer.repository.js';
import type { LedgerRepository } from '../repositories/ledger.repository.js';
import type { PaymentSafetyRepository } from '../repositories/payment-safety.repository.js';
import type { PaymentProvider } from './payment-provider.js';

export const PRICE_MISSING = 'This plan cannot be bought right now. Please contact support.';

/**
 * Stripe Checkout (subscription mode for plans, payment mode for packs) with catalog prices found by
 * lookup key, and the Customer Portal. A user has at most one open subscription Checkout: opening a
 * second tab expires the first, so two tabs can never pay for two subscriptions.
 */
export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly prices = new Map<string, string>();

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
   * The billing portal's confirmation flow for the new plan's catalog price: Stripe shows the prorated
   * charge and applies the change (the portal configuration schedules a cheaper plan at the period end);
   * the webhooks then bring our subscription in line.
   */
  async checkoutForPlanChange(userId: string, _from: Plan, to: Plan, subscriptionId: string | null): Promise<string> {
    const customer = await this.customers.stripeCustomerOf(userId);
    if (!customer || !subscriptionId)
      throw new AppError('CONFLICT', 'This subscription is not billed by Stripe. Please contact support to change plan.');
    const price = await this.priceOf(stripeLookupKeyOfPlan(to.id));
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new AppError('CONFLICT', 'This subscription has no plan to change. Please contact support.');
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      return_url: new URL('/account', this.publicUrl).toString(),
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { subscription: subscriptionId, items: [{ id: item.id, price, quantity: 1 }] },
        after_completion: { type: 'redirect', redirect: { return_url: new URL('/account?checkout=success', this.publicUrl).toString() } },
      },
    });
    return session.url;
  }

  /** Taking a scheduled change back: the schedule that would switch the price at renewal is released. */
  async keepCurrentPlan(_userId: string, subscriptionId: string | null): Promise<void> {
    if (!subscriptionId) return;
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
    if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
  }

  async portal(userId: string): Promise<string> {
    const customer = await this.customers.stripeCustomerOf(userId);
    if (!customer)
      throw new AppError('FORBIDDEN', 'The billing portal is available to subscribers only. Choose a plan on the pricing page.');
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      return_url: new URL('/account', this.publicUrl).toString(),
    });
    return session.url;
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
