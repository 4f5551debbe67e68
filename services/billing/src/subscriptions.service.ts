import { Injectable } from '@nestjs/common';
import {
  AppError,
  OPEN_SUBSCRIPTION_STATUSES,
  SUBSCRIBED_STATUSES,
  TRIAL_ENTITLEMENTS,
  findPlan,
  type Entitlements,
  type Plan,
  type SubscriptionSummary,
} from '@printloom/contracts';
import type { EntityManager } from 'typeorm';
import { addOneMonth, rolloverCredits } from './domain/rollover.js';
import { periodLotRef } from './domain/lot-refs.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import type { Subscription, TrialWithheld } from './domain/records.js';
import { PurchaseEventRepository } from './repositories/purchase-event.repository.js';

export interface PeriodChange {
  userId: string;
  planId: string;
  periodStart: Date;
  periodEnd: Date;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  /** The plan the provider will switch to at the next renewal (null: none); undefined leaves ours as is. */
  scheduledPlanId?: string | null;
}

const isSubscribed = (row: Subscription | null) => row !== null && (SUBSCRIBED_STATUSES as readonly string[]).includes(row.status);

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
    private readonly purchaseEvents: PurchaseEventRepository,
  ) {}

  async summary(
    userId: string,
  ): Promise<{ credits: number; trialCredits: number; trialCreditsExpireAt: string | null; subscription: SubscriptionSummary | null }> {
    const {
      trialGranted: _trialGranted,
      trialWithheld: _trialWithheld,
      changesAt: _changesAt,
      ...summary
    } = await this.accountSummary(userId);
    return summary;
  }

  /** The summary and the trial decision from one query (the hot path of /api/auth/me). */
  async accountSummary(userId: string): Promise<{
    credits: number;
    trialCredits: number;
    trialCreditsExpireAt: string | null;
    changesAt: string | null;
    subscription: SubscriptionSummary | null;
    trialGranted: boolean | null;
    trialWithheld: TrialWithheld | null;
  }> {
    const {
      credits,
      trialCredits,
      trialCreditsExpireAt,
      changesAt,
      subscription: row,
      trialGranted,
      trialWithheld,
    } = await this.subscriptions.accountSnapshot(userId);
    const subscription =
      row && row.status !== 'canceled'
        ? {
            status: row.status as SubscriptionSummary['status'],
            planId: row.planId as SubscriptionSummary['planId'],
            currentPeriodEnd: row.currentPeriodEnd.toISOString(),
            cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            scheduledPlanId: row.scheduledPlanId as SubscriptionSummary['scheduledPlanId'],
          }
        : null;
    return {
      credits,
      trialCredits,
      trialCreditsExpireAt: trialCreditsExpireAt?.toISOString() ?? null,
      changesAt: changesAt?.toISOString() ?? null,
      subscription,
      trialGranted,
      trialWithheld,
    };
  }

  async entitlements(userId: string): Promise<Entitlements> {
    const row = await this.subscriptions.find(userId);
    if (!isSubscribed(row)) return { planId: null, ...TRIAL_ENTITLEMENTS, upscaleFactors: [...TRIAL_ENTITLEMENTS.upscaleFactors] };
    const plan = planOf(row!.planId);
    return {
      planId: plan.id,
      upscaleFactors: [...plan.upscaleFactors],
      priorityTier: plan.priorityTier,
      commercialLicense: plan.commercialLicense,
    };
  }

  async isSubscribed(userId: string, tx?: EntityManager): Promise<boolean> {
    return isSubscribed(await this.subscriptions.find(userId, tx));
  }

  /** The subscription a plan change would change: subscribed, or held up by a failed payment. */
  async changeable(userId: string, tx?: EntityManager): Promise<Subscription | null> {
    const row = await this.subscriptions.find(userId, tx);
    return row && (OPEN_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status) ? row : null;
  }

  /**
   * A subscription that still exists at the payment provider, paid or not (past_due, unpaid): it opens
   * the billing portal and stops a second subscription from starting.
   */
  async hasOpenSubscription(userId: string, tx?: EntityManager): Promise<boolean> {
    return (await this.changeable(userId, tx)) !== null;
  }

  /**
   * Starts a billing period (activation or renewal): the ending period's plan and rollover lots are
   * settled, the previous plan's share of what they left unused rolls over, and the new plan lot is
   * granted. Idempotent by (user, period start); an older period arriving late changes nothing.
   */
  async startPeriod(change: PeriodChange, inTransaction?: EntityManager): Promise<void> {
    const plan = planOf(change.planId);
    const run = (work: (tx: EntityManager) => Promise<void>) => (inTransaction ? work(inTransaction) : this.ledger.transaction(work));
    await run(async (tx) => {
      await this.ledger.lockUser(tx, change.userId);
      const sourceRef = periodLotRef(change.userId, change.periodStart);
      const previous = await this.subscriptions.find(change.userId, tx);
      const status = change.status ?? 'active';
      if (await this.ledger.hasLot(tx, sourceRef)) {
        // The same period again (a replay, or checkout completion and invoice for one period): only its status may move.
        if (previous && previous.currentPeriodStart.getTime() === change.periodStart.getTime()) {
          await this.subscriptions.setStatus(tx, change.userId, status, change.cancelAtPeriodEnd);
          if (change.cancelAtPeriodEnd && !previous.cancelAtPeriodEnd) await this.recordCancellation(tx, previous);
          if (previous.planId !== plan.id) await this.switchWithinPeriod(tx, previous, plan);
          if (change.scheduledPlanId !== undefined)
            await this.subscriptions.schedulePlan(tx, change.userId, change.scheduledPlanId === plan.id ? null : change.scheduledPlanId);
        }
        return;
      }
      const ongoing = previous !== null && previous.status !== 'canceled';
      if (ongoing && previous.currentPeriodStart.getTime() > change.periodStart.getTime()) return;
      const unused = await this.ledger.settlePeriodLots(tx, change.userId);
      const carried = ongoing ? rolloverCredits(unused, planOf(previous.planId).rollover) : 0;
      await this.subscriptions.upsert(tx, {
        userId: change.userId,
        planId: plan.id,
        status,
        currentPeriodStart: change.periodStart,
        currentPeriodEnd: change.periodEnd,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? false,
        stripeCustomerId: change.stripeCustomerId ?? null,
        stripeSubscriptionId: change.stripeSubscriptionId ?? null,
      });
      if (carried > 0) {
        await this.ledger.grantLot(tx, {
          userId: change.userId,
          kind: 'rollover',
          sourceRef: `rollover:${sourceRef}`,
          credits: carried,
          expiresAt: change.periodEnd,
        });
      }
      await this.ledger.grantLot(tx, {
        userId: change.userId,
        kind: 'plan',
        sourceRef,
        credits: plan.credits,
        expiresAt: change.periodEnd,
      });
      if (!ongoing) {
        await this.purchaseEvents.record(tx, change.userId, `started:${sourceRef}`, {
          event: 'subscription_started',
          params: { plan: plan.id, value: plan.priceCents / 100, currency: 'USD', credits: plan.credits },
        });
      }
      if (change.scheduledPlanId && change.scheduledPlanId !== plan.id)
        await this.subscriptions.schedulePlan(tx, change.userId, change.scheduledPlanId);
    });
  }

  /**
   * The provider moved the subscription to another plan mid-period: only the plan moves. Credits follow
   * money, so an upgrade's come with its paid invoice (`grantUpgradeCredits`), never with this change.
   */
  private async switchWithinPeriod(tx: EntityManager, row: Subscription, to: Plan): Promise<void> {
    await this.subscriptions.changePlanNow(tx, row.userId, to.id);
  }

  /**
   * Local renewal (no Stripe): the next month of the current plan, or the end when cancelled. Stripe
   * subscriptions renew only when Stripe reports the paid invoice.
   */
  async renew(userId: string): Promise<'renewed' | 'ended'> {
    const row = await this.subscriptions.find(userId);
    if (!row || !isSubscribed(row)) throw new AppError('BAD_REQUEST', 'This account has no active subscription to renew');
    if (row.stripeSubscriptionId)
      throw new AppError('BAD_REQUEST', 'This subscription is billed by Stripe: it renews when Stripe reports the paid invoice');
    if (row.cancelAtPeriodEnd) {
      await this.end(userId);
      return 'ended';
    }
    const periodStart = row.currentPeriodEnd;
    // A scheduled downgrade takes effect with the new period; the ending period's rollover follows its own plan.
    await this.startPeriod({ userId, planId: row.scheduledPlanId ?? row.planId, periodStart, periodEnd: addOneMonth(periodStart) });
    return 'renewed';
  }

  async renewDueLocalSubscriptions(): Promise<number> {
    const due = await this.subscriptions.dueForRenewal(100);
    const errors: unknown[] = [];
    // One failing renewal must not hold up the others.
    for (const row of due) await this.renew(row.userId).catch((error: unknown) => errors.push(error));
    if (errors.length > 0) throw errors[0];
    return due.length;
  }

  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<void> {
    await this.ledger.transaction(async (tx) => {
      const row = await this.subscriptions.find(userId, tx);
      if (!row || !isSubscribed(row))
        throw new AppError('FORBIDDEN', 'The billing portal is available to subscribers only. Choose a plan on the pricing page.');
      if (row.stripeSubscriptionId)
        throw new AppError('BAD_REQUEST', 'This subscription is billed by Stripe: change it in the Stripe billing portal');
      this.ledger.touch(tx, userId);
      await this.subscriptions.setStatus(tx, userId, row.status, cancel);
      if (cancel && !row.cancelAtPeriodEnd) await this.recordCancellation(tx, row);
    });
  }

  /** The subscription is over: plan credits expire, top-up credits stay. */
  async end(userId: string): Promise<void> {
    await this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      const row = await this.subscriptions.find(userId, tx);
      // Ended without a cancellation at the period end first (cancelled at once in Stripe's portal): still one event.
      if (row && row.status !== 'canceled') await this.recordCancellation(tx, row);
      await this.subscriptions.setStatus(tx, userId, 'canceled', false);
      await this.ledger.settlePeriodLots(tx, userId);
    });
  }

  async updateStatus(userId: string, status: string, cancelAtPeriodEnd: boolean): Promise<void> {
    await this.ledger.transaction(async (tx) => {
      const row = await this.subscriptions.find(userId, tx);
      this.ledger.touch(tx, userId);
      await this.subscriptions.setStatus(tx, userId, status, cancelAtPeriodEnd);
      if (row && cancelAtPeriodEnd && !row.cancelAtPeriodEnd) await this.recordCancellation(tx, row);
    });
  }

  /** One subscription_cancelled per subscription period, however the cancellation reached us. */
  private async recordCancellation(tx: EntityManager, row: Subscription): Promise<void> {
    const sourceRef = `cancel:${row.userId}:${row.currentPeriodStart.toISOString()}`;
    await this.purchaseEvents.record(tx, row.userId, sourceRef, {
      event: 'subscription_cancelled',
      params: { plan: row.planId as Plan['id'] },
    });
  }
}
