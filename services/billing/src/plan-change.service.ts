import { Inject, Injectable } from '@nestjs/common';
import { AppError, type PlanChangeReply } from '@printloom/contracts';
import { SubscriptionsService } from './subscriptions.service.js';
import { PAYMENT_PROVIDER } from './billing.tokens.js';
import { isUpgrade } from './domain/plan-change.js';
import type { PaymentProvider } from './payments/payment-provider.js';

/**
 * A subscriber's plan changes, through our API only (Stripe's portal does not switch plans): an
 * upgrade is paid now and takes effect only once paid, its credits being what that money buys; a
 * downgrade waits for the renewal, with no credits and no refund.
 */
@Injectable()
export class PlanChangeService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  async upgrade(userId: string, planId: string): Promise<PlanChangeReply> {
    const { row, from, to } = await this.subscriptions.planChangeStart(userId, planId);
    this.subscriptions.requireUpgrade(from, to);
    return this.payments.upgrade(userId, { from, to, subscriptionId: row.stripeSubscriptionId });
  }

  /** A cheaper plan from the renewal on; the current plan takes a scheduled change back. */
  async downgrade(userId: string, planId: string): Promise<PlanChangeReply> {
    const { row, from, to } = await this.subscriptions.planChangeStart(userId, planId);
    if (from.id === to.id) {
      if (!row.scheduledPlanId) throw new AppError('CONFLICT', `You are already on the ${to.name} plan.`);
      await this.payments.keepCurrentPlan(userId, row.stripeSubscriptionId);
    } else {
      if (isUpgrade(from, to))
        throw new AppError('BAD_REQUEST', `${to.name} costs more than ${from.name}: choose it as an upgrade, paid now.`);
      await this.payments.scheduleDowngrade(userId, { from, to, subscriptionId: row.stripeSubscriptionId });
    }
    const status = await this.subscriptions.scheduleChange(userId, to.id);
    return { status, url: `/account?change=${status}` };
  }
}
