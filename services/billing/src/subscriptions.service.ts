import { Injectable } from '@nestjs/common';
import { AppError, SUBSCRIBED_STATUSES, TRIAL_ENTITLEMENTS, findPlan, type Entitlements, type Plan, type SubscriptionSummary } from '@printloom/contracts';
import type { EntityManager } from 'typeorm';
import { addOneMonth, rolloverCredits } from './domain/rollover.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository, type SubscriptionRow } from './repositories/subscription.repository.js';

export interface PeriodChange {
  userId: string;
  planId: string;
  periodStart: Date;
  periodEnd: Date;
  status?: string;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
}

const isSubscribed = (row: SubscriptionRow | null) => row !== null && (SUBSCRIBED_STATUSES as readonly string[]).includes(row.status);

function planOf(planId: string): Plan {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('BAD_REQUEST', 'Unknown plan');
  return plan;
}

/**
 * Subscriptions and their credits. Stripe webhooks and the local checkout drive the same methods:
 * start a period (activation or renewal, with rollover), cancel at period end, end.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  async summary(userId: string): Promise<{ credits: number; subscription: SubscriptionSummary | null }> {
    const [credits, row] = await Promise.all([this.ledger.balance(userId), this.subscriptions.find(userId)]);
    const subscription = row && row.status !== 'canceled'
      ? {
          status: row.status as SubscriptionSummary['status'],
          planId: row.plan_id as SubscriptionSummary['planId'],
          currentPeriodEnd: new Date(row.current_period_end).toISOString(),
          cancelAtPeriodEnd: row.cancel_at_period_end,
        }
      : null;
    return { credits, subscription };
  }

  async entitlements(userId: string): Promise<Entitlements> {
    const row = await this.subscriptions.find(userId);
    if (!isSubscribed(row)) return { planId: null, ...TRIAL_ENTITLEMENTS, upscaleFactors: [...TRIAL_ENTITLEMENTS.upscaleFactors] };
    const plan = planOf(row!.plan_id);
    return { planId: plan.id, upscaleFactors: [...plan.upscaleFactors], priorityTier: plan.priorityTier, commercialLicense: plan.commercialLicense };
  }

  async isSubscribed(userId: string): Promise<boolean> {
    return isSubscribed(await this.subscriptions.find(userId));
  }

  /**
   * Starts a billing period: the plan's monthly lot, plus the rollover of the previous period's unused
   * plan credits by the plan's rule; the rest of those expire. Idempotent by (user, period start).
   */
  async startPeriod(change: PeriodChange, inTransaction?: EntityManager): Promise<void> {
    const plan = planOf(change.planId);
    const run = (work: (tx: EntityManager) => Promise<void>) => (inTransaction ? work(inTransaction) : this.ledger.transaction(work));
    await run(async (tx) => {
      await this.ledger.lockUser(tx, change.userId);
      const sourceRef = `plan:${change.userId}:${change.periodStart.toISOString()}`;
      const previous = await this.subscriptions.find(change.userId, tx);
      await this.subscriptions.upsert(tx, {
        user_id: change.userId,
        plan_id: plan.id,
        status: change.status ?? 'active',
        current_period_start: change.periodStart,
        current_period_end: change.periodEnd,
        cancel_at_period_end: false,
        stripe_customer_id: change.stripeCustomerId ?? null,
        stripe_subscription_id: change.stripeSubscriptionId ?? null,
      });
      if (await this.alreadyGranted(tx, sourceRef)) return;
      const unused = await this.ledger.expireLots(tx, change.userId, `kind IN ('plan', 'rollover')`);
      const carried = previous && isSubscribed(previous) ? rolloverCredits(unused, planOf(previous.plan_id).rollover) : 0;
      if (carried > 0) {
        await this.ledger.grantLot(tx, { userId: change.userId, kind: 'rollover', sourceRef: `rollover:${sourceRef}`, credits: carried, expiresAt: change.periodEnd });
      }
      await this.ledger.grantLot(tx, { userId: change.userId, kind: 'plan', sourceRef, credits: plan.credits, expiresAt: change.periodEnd });
    });
  }

  /** Local renewal (no Stripe): the next month of the current plan, or the end when cancelled. */
  async renew(userId: string): Promise<'renewed' | 'ended'> {
    const row = await this.subscriptions.find(userId);
    if (!row || !isSubscribed(row)) throw new AppError('BAD_REQUEST', 'This account has no active subscription to renew');
    if (row.cancel_at_period_end) {
      await this.end(userId);
      return 'ended';
    }
    const periodStart = new Date(row.current_period_end);
    await this.startPeriod({ userId, planId: row.plan_id, periodStart, periodEnd: addOneMonth(periodStart) });
    return 'renewed';
  }

  async renewDueLocalSubscriptions(): Promise<number> {
    const due = await this.subscriptions.dueForRenewal(100);
    for (const row of due) await this.renew(row.user_id);
    return due.length;
  }

  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<void> {
    await this.ledger.transaction(async (tx) => {
      const row = await this.subscriptions.find(userId, tx);
      if (!row || !isSubscribed(row)) throw new AppError('FORBIDDEN', 'The billing portal is available to subscribers only. Choose a plan on the pricing page.');
      await this.subscriptions.setStatus(tx, userId, row.status, cancel);
    });
  }

  /** The subscription is over: plan credits expire, top-up credits stay. */
  async end(userId: string): Promise<void> {
    await this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      await this.subscriptions.setStatus(tx, userId, 'canceled', false);
      await this.ledger.expireLots(tx, userId, `kind IN ('plan', 'rollover')`);
    });
  }

  async updateStatus(userId: string, status: string, cancelAtPeriodEnd: boolean): Promise<void> {
    await this.ledger.transaction((tx) => this.subscriptions.setStatus(tx, userId, status, cancelAtPeriodEnd));
  }

  private async alreadyGranted(tx: EntityManager, sourceRef: string): Promise<boolean> {
    const rows = await tx.query(`SELECT 1 FROM billing.credit_lots WHERE source_ref = $1`, [sourceRef]);
    return rows.length > 0;
  }
}
