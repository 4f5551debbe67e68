import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { AppError, findTopup } from '@printloom/contracts';
import { LOGGER, type Logger } from '@printloom/service-kit';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { BILLING_CONFIG, STRIPE_CLIENT } from './billing.tokens.js';
import type { BillingConfig } from './config.js';

const PAID_STATUSES = new Set<string>(['active', 'trialing']);
type PeriodFields = { current_period_start?: number; current_period_end?: number };

/**
 * Applies Stripe's events through the same internal paths as the local checkout. Every effect is
 * idempotent by its source (session id, subscription period), and applied events are remembered.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly credits: CreditsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly subscriptionRows: SubscriptionRepository,
    private readonly ledger: LedgerRepository,
    @Inject(LOGGER) private readonly logger: Logger,
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
      case 'checkout.session.completed': {
        const session = event.data.object;
        const userId = session.metadata?.userId ?? session.client_reference_id;
        if (!userId) return this.logger.warn({ eventId: event.id }, 'Checkout session without a user');
        if (session.mode === 'payment' && session.payment_status === 'paid') {
          const pack = findTopup(session.metadata?.topupId ?? '');
          if (!pack) return this.logger.warn({ eventId: event.id }, 'Checkout session for an unknown pack');
          await this.credits.grantTopup(userId, `topup:${session.id}`, pack.credits);
        }
        if (session.mode === 'subscription' && typeof session.subscription === 'string') {
          await this.applySubscription(await this.stripe!.subscriptions.retrieve(session.subscription));
        }
        return;
      }
      case 'invoice.paid': {
        const invoice = event.data.object as Stripe.Invoice & { subscription?: string | null };
        const subscriptionId = invoice.subscription ?? invoice.parent?.subscription_details?.subscription;
        if (typeof subscriptionId === 'string') await this.applySubscription(await this.stripe!.subscriptions.retrieve(subscriptionId));
        return;
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const row = await this.subscriptionRows.findByStripeId(subscription.id);
        if (row) await this.subscriptions.updateStatus(row.user_id, subscription.status, subscription.cancel_at_period_end);
        return;
      }
      case 'customer.subscription.deleted': {
        const row = await this.subscriptionRows.findByStripeId(event.data.object.id);
        if (row) await this.subscriptions.end(row.user_id);
        return;
      }
      default:
        this.logger.debug({ type: event.type }, 'Ignored Stripe event');
    }
  }

  /** A paid period of a Stripe subscription: activation or renewal, with rollover. */
  private async applySubscription(subscription: Stripe.Subscription): Promise<void> {
    const userId = subscription.metadata?.userId;
    const planId = subscription.metadata?.planId;
    if (!userId || !planId) return this.logger.warn({ subscriptionId: subscription.id }, 'Subscription without user or plan metadata');
    const period = (subscription as unknown as PeriodFields).current_period_start !== undefined ? (subscription as unknown as PeriodFields) : (subscription.items?.data?.[0] as unknown as PeriodFields);
    if (!period?.current_period_start || !period.current_period_end) return this.logger.warn({ subscriptionId: subscription.id }, 'Subscription without a period');
    if (!PAID_STATUSES.has(subscription.status)) {
      // Not paid yet (e.g. a card awaiting authentication): no credits until Stripe reports the paid invoice.
      const row = await this.subscriptionRows.findByStripeId(subscription.id);
      if (row) await this.subscriptions.updateStatus(row.user_id, subscription.status, subscription.cancel_at_period_end);
      return this.logger.info({ subscriptionId: subscription.id, status: subscription.status }, 'Subscription not paid yet');
    }
    await this.subscriptions.startPeriod({
      userId,
      planId,
      status: subscription.status,
      periodStart: new Date(period.current_period_start * 1000),
      periodEnd: new Date(period.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      stripeCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      stripeSubscriptionId: subscription.id,
    });
  }
}
