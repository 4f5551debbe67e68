import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import type { NewPeriod, Subscription, TrialWithheld } from '../domain/records.js';

/** A row as PostgreSQL returns it; mapped to a Subscription before it leaves this file. */
export interface SubscriptionRow {
  user_id: string;
  plan_id: string;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** A downgrade waiting for the next renewal. */
  scheduled_plan_id: string | null;
}

/** Dates may arrive as strings (row_to_json) or Dates (a plain SELECT). */
export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    userId: row.user_id,
    planId: row.plan_id,
    status: row.status,
    currentPeriodStart: new Date(row.current_period_start),
    currentPeriodEnd: new Date(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    scheduledPlanId: row.scheduled_plan_id ?? null,
  };
}

@Injectable()
export class SubscriptionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * What /api/auth/me shows, in one round trip: live credit balances, the subscription and whether
   * the trial was withheld (null: no decision yet).
   */
  async accountSnapshot(userId: string): Promise<{
    credits: number;
    trialCredits: number;
    trialCreditsExpireAt: Date | null;
    changesAt: Date | null;
    subscription: Subscription | null;
    trialGranted: boolean | null;
    trialWithheld: TrialWithheld | null;
  }> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(l.credits_remaining), 0)::int AS credits,
              coalesce(sum(l.credits_remaining) FILTER (WHERE l.kind = 'trial'), 0)::int AS trial,
              min(l.expires_at) FILTER (WHERE l.kind = 'trial' AND l.credits_remaining > 0) AS trial_expires_at,
              min(l.expires_at) FILTER (WHERE l.credits_remaining > 0) AS changes_at,
              (SELECT row_to_json(s) FROM billing.subscriptions s WHERE s.user_id = $1) AS subscription,
              (SELECT t.granted FROM billing.trial_decisions t WHERE t.user_id = $1) AS trial_granted,
              (SELECT t.withheld_because FROM billing.trial_decisions t WHERE t.user_id = $1) AS trial_withheld
       FROM billing.credit_lots l WHERE l.user_id = $1 AND (l.expires_at IS NULL OR l.expires_at > now())`,
      [userId],
    );
    const subscription = row.subscription ? toSubscription(row.subscription) : null;
    return {
      credits: row.credits,
      trialCredits: row.trial,
      trialCreditsExpireAt: row.trial_expires_at ? new Date(row.trial_expires_at) : null,
      changesAt: row.changes_at ? new Date(row.changes_at) : null,
      subscription,
      trialGranted: row.trial_granted,
      trialWithheld: row.trial_withheld,
    };
  }

  async find(userId: string, tx: EntityManager = this.dataSource.manager): Promise<Subscription | null> {
    const [row]: SubscriptionRow[] = await tx.query(`SELECT * FROM billing.subscriptions WHERE user_id = $1`, [userId]);
    return row ? toSubscription(row) : null;
  }

  async findByStripeId(stripeSubscriptionId: string): Promise<Subscription | null> {
    const [row]: SubscriptionRow[] = await this.dataSource.query(`SELECT * FROM billing.subscriptions WHERE stripe_subscription_id = $1`, [
      stripeSubscriptionId,
    ]);
    return row ? toSubscription(row) : null;
  }

  /** A new period: any scheduled change has now taken effect. */
  async upsert(tx: EntityManager, period: NewPeriod): Promise<void> {
    await tx.query(
      `INSERT INTO billing.subscriptions (user_id, plan_id, status, current_period_start, current_period_end, cancel_at_period_end, stripe_customer_id, stripe_subscription_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
       ON CONFLICT (user_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, status = EXCLUDED.status,
         current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end, scheduled_plan_id = NULL,
         stripe_customer_id = coalesce(EXCLUDED.stripe_customer_id, billing.subscriptions.stripe_customer_id),
         stripe_subscription_id = coalesce(EXCLUDED.stripe_subscription_id, billing.subscriptions.stripe_subscription_id),
         updated_at = now()`,
      [
        period.userId,
        period.planId,
        period.status,
        period.currentPeriodStart,
        period.currentPeriodEnd,
        period.cancelAtPeriodEnd ?? false,
        period.stripeCustomerId,
        period.stripeSubscriptionId,
      ],
    );
  }

  async setStatus(tx: EntityManager, userId: string, status: string, cancelAtPeriodEnd?: boolean): Promise<void> {
    await tx.query(
      `UPDATE billing.subscriptions SET status = $2, cancel_at_period_end = coalesce($3, cancel_at_period_end), updated_at = now() WHERE user_id = $1`,
      [userId, status, cancelAtPeriodEnd ?? null],
    );
  }

  /** The plan in force changes now (an upgrade, or Stripe says so); any scheduled downgrade is dropped. */
  async changePlanNow(tx: EntityManager, userId: string, planId: string): Promise<void> {
    await tx.query(`UPDATE billing.subscriptions SET plan_id = $2, scheduled_plan_id = NULL, updated_at = now() WHERE user_id = $1`, [
      userId,
      planId,
    ]);
  }

  /** The plan to take effect at the next renewal, or null to keep the current one. */
  async schedulePlan(tx: EntityManager, userId: string, planId: string | null): Promise<void> {
    await tx.query(`UPDATE billing.subscriptions SET scheduled_plan_id = $2, updated_at = now() WHERE user_id = $1`, [userId, planId]);
  }

  async isEventProcessed(eventId: string): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM billing.processed_events WHERE event_id = $1`, [eventId]);
    return rows.length > 0;
  }

  /** Records an external event once; false when it was already applied. */
  async markEventProcessed(tx: EntityManager, eventId: string): Promise<boolean> {
    const rows = await tx.query(`INSERT INTO billing.processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`, [
      eventId,
    ]);
    return rows.length > 0;
  }

  async dueForRenewal(limit: number): Promise<Subscription[]> {
    const rows: SubscriptionRow[] = await this.dataSource.query(
      `SELECT * FROM billing.subscriptions WHERE status IN ('active', 'trialing') AND stripe_subscription_id IS NULL AND current_period_end <= now() LIMIT $1`,
      [limit],
    );
    return rows.map(toSubscription);
  }
}
