import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { AppError, AUTH, NOTIFICATIONS, findTopup, planIdOfStripeLookupKey } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { CustomerRepository } from './repositories/customer.repository.js';
import { PaymentSafetyRepository } from './repositories/payment-safety.repository.js';
import { StripeUpgradeCredits } from './stripe-upgrade-credits.js';
import { BILLING_CONFIG, STRIPE_CLIENT } from './billing.tokens.js';
import type { BillingConfig } from './config.js';
import { packLotRef } from './domain/lot-refs.js';
import { PaymentReversalsService } from './payment-reversals.service.js';

const PAID_STATUSES = new Set<string>(['active', 'trialing']);
const ENDED_STATUSES = new Set<string>(['canceled', 'incomplete_expired']);
type PeriodFields = { current_period_start?: number; current_period_end?: number };
type WithSubscription = {
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * Applies Stripe's events through the same internal paths as the local checkout. One rule for every
 * subscription event: the subscription is fetched again from Stripe and its current state applied (so
 * the order events arrive in never matters), the plan read from its catalog price. Every effect is
 * idempotent by its source (session, period, charge) and each event id is applied once.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly credits: CreditsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly subscriptionRows: SubscriptionRepository,
    private readonly customers: CustomerRepository,
    private readonly safety: PaymentSafetyRepository,
    private readonly ledger: LedgerRepository,
    private readonly rpc: RpcClient,
    private readonly reversals: PaymentReversalsService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly upgradeCredits: StripeUpgradeCredits,
  ) {}

  async handle(payload: string, signature: string): Promise<{ received: true }> {
    if (!this.stripe || !this.config.STRIPE_WEBHOOK_SECRET) throw new AppError('NOT_FOUND', 'Stripe is not configured');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
    }
    if (await this.subscriptionRows.isEventProcessed(event.id)) return { received: true };
    await this.apply(event);
    await this.ledger.transaction((tx) => this.subscriptionRows.markEventProcessed(tx, event.id));
    return { received: true };
  }

  private async apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.applyCheckout(event.data.object, event.id);
      case 'checkout.session.async_payment_failed':
        await this.safety.forgetOpenCheckout(event.data.object.id);
        return this.logger.warn(
          { eventId: event.id, sessionId: event.data.object.id },
          'A delayed Checkout payment failed: nothing granted',
        );
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return this.syncSubscription(event.data.object.id);
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object as Stripe.Invoice & WithSubscription;
        const subscriptionId = idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
        if (subscriptionId) await this.syncSubscription(subscriptionId);
        if (event.type === 'invoice.payment_failed') await this.mailPaymentFailed(invoice);
        // An upgrade's prorated invoice, paid: its credits, once per invoice (never on the subscription change itself).
        else if (invoice.billing_reason === 'subscription_update') await this.upgradeCredits.creditPaidUpgrade(invoice.id);
        return;
      }
      case 'charge.refunded':
        return this.reversals.refunded(event.data.object.id);
      case 'charge.dispute.created':
        return this.reversals.disputed(event.data.object);
      default:
        this.logger.debug({ type: event.type }, 'Ignored Stripe event');
    }
  }

  /** A Checkout paid now (card) or later (delayed methods): a pack grants its credits once per session. */
  private async applyCheckout(session: Stripe.Checkout.Session, eventId: string): Promise<void> {
    const userId = session.client_reference_id ?? session.metadata?.userId;
    if (!userId) return this.logger.warn({ eventId }, 'Checkout session without a user');
    if (session.mode === 'subscription') {
      await this.safety.forgetOpenCheckout(session.id);
      const subscriptionId = idOf(session.subscription);
      if (subscriptionId) await this.syncSubscription(subscriptionId);
      return;
    }
    if (session.mode === 'payment' && session.payment_status === 'paid') {
      const pack = findTopup(session.metadata?.topupId ?? '');
      if (!pack) return this.logger.error({ eventId, sessionId: session.id }, 'Paid Checkout session for an unknown pack');
      await this.credits.grantPack(userId, packLotRef(session.id), pack);
      return;
    }
    this.logger.info(
      { eventId, sessionId: session.id, paymentStatus: session.payment_status },
      'Checkout completed, payment still pending: credits wait for async_payment_succeeded',
    );
  }

  /** The one rule: fetch the subscription as Stripe has it now and make ours match. */
  private async syncSubscription(subscriptionId: string): Promise<void> {
    const subscription = await this.stripe!.subscriptions.retrieve(subscriptionId);
    const customerId = idOf(subscription.customer)!;
    const userId =
      (await this.customers.userOfStripeCustomer(customerId)) ?? (await this.subscriptionRows.findByStripeId(subscription.id))?.userId;
    if (!userId) return this.logger.error({ subscriptionId, customerId }, 'Stripe subscription of an unknown customer');
    const row = await this.subscriptionRows.find(userId);
    const isOurs = row?.stripeSubscriptionId === subscription.id;

    if (ENDED_STATUSES.has(subscription.status)) {
      if (isOurs && row!.status !== 'canceled') await this.subscriptions.end(userId);
      return;
    }
    if (!PAID_STATUSES.has(subscription.status)) {
      // past_due, unpaid, incomplete, paused: no new credits; the status shows on /account.
      if (isOurs) await this.subscriptions.updateStatus(userId, subscription.status, subscription.cancel_at_period_end);
      return this.logger.info({ subscriptionId, status: subscription.status }, 'Subscription not paid');
    }
    const item = subscription.items?.data?.[0];
    const planId = planIdOfStripeLookupKey(item?.price?.lookup_key);
    if (!planId)
      return this.logger.error(
        { subscriptionId, lookupKey: item?.price?.lookup_key },
        'Stripe subscription price has no Printloom plan lookup key',
      );
    if (row && !isOurs && row.stripeSubscriptionId && row.status !== 'canceled') {
      return this.logger.error(
        { userId, subscriptionId, current: row.stripeSubscriptionId },
        'A second Stripe subscription for one user: cancel one of them in Stripe',
      );
    }
    const period =
      (subscription as unknown as PeriodFields).current_period_start !== undefined
        ? (subscription as unknown as PeriodFields)
        : (item as unknown as PeriodFields);
    if (!period?.current_period_start || !period.current_period_end)
      return this.logger.warn({ subscriptionId }, 'Subscription without a period');
    const scheduledPlanId = await this.scheduledPlanOf(subscription, period.current_period_end);
    await this.subscriptions.startPeriod({
      userId,
      planId,
      status: subscription.status,
      periodStart: new Date(period.current_period_start * 1000),
      periodEnd: new Date(period.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscription.id,
      scheduledPlanId,
    });
  }

  /**
   * A change Stripe will make at the renewal (the portal schedules a cheaper plan at the period end
   * with a subscription schedule): the plan of the schedule's phase that starts when this period ends.
   */
  private async scheduledPlanOf(subscription: Stripe.Subscription, periodEnd: number): Promise<string | null> {
    const scheduleId = idOf(subscription.schedule);
    if (!scheduleId) return null;
    const schedule = await this.stripe!.subscriptionSchedules.retrieve(scheduleId, { expand: ['phases.items.price'] });
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
    const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
    const price = next?.items[0]?.price;
    return planIdOfStripeLookupKey(typeof price === 'object' && price !== null && 'lookup_key' in price ? price.lookup_key : null) ?? null;
  }

  /** Our own email with the way to fix the card (Stripe's portal, reached from /account). */
  private async mailPaymentFailed(invoice: Stripe.Invoice): Promise<void> {
    const customerId = idOf(invoice.customer as string | { id: string } | null);
    const userId = customerId ? await this.customers.userOfStripeCustomer(customerId) : null;
    if (!userId) return this.logger.warn({ invoiceId: invoice.id }, 'Failed invoice of an unknown customer: no email sent');
    const { email } = await this.rpc.request(AUTH.getUser, { userId });
    await this.rpc.request(NOTIFICATIONS.sendEmail, {
      to: email,
      userId,
      template: 'payment-failed',
      data: { accountUrl: new URL('/account', this.config.PUBLIC_URL).toString() },
      key: `payment-failed:${invoice.id}`,
    });
  }
}
