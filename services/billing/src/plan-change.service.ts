import { Inject, Injectable } from '@nestjs/common';
import { AppError, PAYMENT_FAILED_STATUSES, creditsPaidFor, findPlan, type Plan, type PlanChangeReply } from '@printloom/contracts';
import type { EntityManager } from 'typeorm';
import { SubscriptionsService } from './subscriptions.service.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { PAYMENT_PROVIDER } from './billing.tokens.js';
import { isUpgrade, proratedUpgradeCents } from './domain/plan-change.js';
import { upgradeLotRef } from './domain/lot-refs.js';
import type { Subscription } from './domain/records.js';
import type { PaymentProvider } from './payments/payment-provider.js';

const PAYMENT_FAILED_BEFORE_CHANGE = 'Your last payment failed. Update your card in Manage Billing before changing plan.';

function planOf(planId: string): Plan {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('BAD_REQUEST', 'Unknown plan');
  return plan;
}

/**
 * A subscriber's plan changes, through our API only (Stripe's portal does not switch plans): an
 * upgrade is paid now and takes effect only once paid, its credits being what that money buys at the
 * target plan's price per credit; a downgrade waits for the renewal, with no credits and no refund.
 */
@Injectable()
export class PlanChangeService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly subscriptions: SubscriptionsService,
    private readonly subscriptionRows: SubscriptionRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  async upgrade(userId: string, planId: string): Promise<PlanChangeReply> {
    const { row, from, to } = await this.start(userId, planId);
    this.requireUpgrade(from, to);
    return this.payments.upgrade(userId, { from, to, subscriptionId: row.stripeSubscriptionId });
  }

  /** A cheaper plan from the renewal on; the current plan takes a scheduled change back. */
  async downgrade(userId: string, planId: string): Promise<PlanChangeReply> {
    const { row, from, to } = await this.start(userId, planId);
    if (from.id === to.id) {
      if (!row.scheduledPlanId) throw new AppError('CONFLICT', `You are already on the ${to.name} plan.`);
      await this.payments.keepCurrentPlan(userId, row.stripeSubscriptionId);
    } else {
      this.requireDowngrade(from, to);
      await this.payments.scheduleDowngrade(userId, { from, to, subscriptionId: row.stripeSubscriptionId });
    }
    const status = await this.schedule(userId, to.id);
    return { status, url: `/account?change=${status}` };
  }

  /**
   * The subscription a plan change starts from, checked: open and not held up by a failed payment.
   * Throws the reason a seller reads otherwise.
   */
  async start(userId: string, toPlanId: string, tx?: EntityManager): Promise<{ row: Subscription; from: Plan; to: Plan }> {
    const to = planOf(toPlanId);
    const row = await this.subscriptions.changeable(userId, tx);
    if (!row) throw new AppError('CONFLICT', 'There is no subscription to change. Choose a plan on the pricing page.');
    if ((PAYMENT_FAILED_STATUSES as readonly string[]).includes(row.status)) throw new AppError('CONFLICT', PAYMENT_FAILED_BEFORE_CHANGE);
    return { row, from: planOf(row.planId), to };
  }

  /**
   * A paid upgrade of the local checkout (Pay is the payment): the plan changes now, Pay charges the
   * prorated difference and its credits are what that amount buys, once per checkout (`ref`).
   * `expectedFrom` guards a checkout opened before another change.
   */
  async applyPaidUpgrade(
    change: { userId: string; toPlanId: string; ref: string; expectedFrom?: string; now?: Date },
    tx: EntityManager,
  ): Promise<{ amountCents: number; credits: number }> {
    await this.ledger.lockUser(tx, change.userId);
    const { row, from, to } = await this.start(change.userId, change.toPlanId, tx);
    if (change.expectedFrom && change.expectedFrom !== row.planId)
      throw new AppError('CONFLICT', 'Your plan has changed since this checkout was opened. Choose the plan again on the pricing page.');
    this.requireUpgrade(from, to);
    const period = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
    const amountCents = proratedUpgradeCents(from, to, period, change.now ?? new Date());
    await this.subscriptionRows.changePlanNow(tx, change.userId, to.id);
    const credits = await this.grantUpgradeCredits(tx, {
      userId: change.userId,
      toPlanId: to.id,
      paymentRef: change.ref,
      amountCents,
      expiresAt: row.currentPeriodEnd,
    });
    return { amountCents, credits };
  }

  /**
   * Credits for money paid on an upgrade: floor(amount ÷ the target plan's price per credit), plan
   * credits of the running period, granted once per payment (lot `upgrade:<invoice or checkout id>`).
   * The one path for Stripe's paid `subscription_update` invoices and the local checkout's Pay.
   */
  async grantUpgradeCredits(
    tx: EntityManager,
    grant: { userId: string; toPlanId: string; paymentRef: string; amountCents: number; expiresAt: Date },
  ): Promise<number> {
    await this.ledger.lockUser(tx, grant.userId);
    const credits = creditsPaidFor(planOf(grant.toPlanId), grant.amountCents);
    if (credits <= 0) return 0;
    const granted = await this.ledger.grantLot(tx, {
      userId: grant.userId,
      kind: 'plan',
      sourceRef: upgradeLotRef(grant.paymentRef),
      credits,
      expiresAt: grant.expiresAt,
    });
    return granted ? credits : 0;
  }

  /** Refuses an upgrade to a plan that is not dearer than the current one. */
  private requireUpgrade(from: Plan, to: Plan): void {
    if (from.id === to.id) throw new AppError('CONFLICT', `You are already on the ${to.name} plan.`);
    if (!isUpgrade(from, to))
      throw new AppError('BAD_REQUEST', `${to.name} costs less than ${from.name}: choose it as a downgrade, from your next renewal.`);
  }

  private requireDowngrade(from: Plan, to: Plan): void {
    if (isUpgrade(from, to))
      throw new AppError('BAD_REQUEST', `${to.name} costs more than ${from.name}: choose it as an upgrade, paid now.`);
  }

  /** Our side of a downgrade (or of taking one back), checked again under the user's lock. */
  private schedule(userId: string, toPlanId: string): Promise<'scheduled' | 'kept'> {
    return this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      const { row, from, to } = await this.start(userId, toPlanId, tx);
      if (from.id === to.id) {
        if (!row.scheduledPlanId) throw new AppError('CONFLICT', `You are already on the ${to.name} plan.`);
        await this.subscriptionRows.schedulePlan(tx, userId, null);
        return 'kept';
      }
      this.requireDowngrade(from, to);
      await this.subscriptionRows.schedulePlan(tx, userId, to.id);
      return 'scheduled';
    });
  }
}
