import type { Plan, TopupPack } from '@printloom/contracts';

/** A plan change on its way: the subscription it changes, from which plan to which. */
export interface PlanChange {
  from: Plan;
  to: Plan;
  /** The provider's subscription (Stripe's id); null for the local checkout. */
  subscriptionId: string | null;
}

/**
 * Where an upgrade stands once asked for: `upgraded` (paid and applied at the provider), or `confirm`
 * (the browser goes to `url` to pay or confirm; nothing changes until it is paid).
 */
export type UpgradeStart = { status: 'upgraded' | 'confirm'; url: string };

/** Where a buyer is sent to pay, and where a subscriber manages billing. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  checkoutForPlan(userId: string, plan: Plan): Promise<string>;
  checkoutForTopup(userId: string, pack: TopupPack): Promise<string>;
  /** Starts an upgrade paid now (the prorated difference); it takes effect only once paid. */
  upgrade(userId: string, change: PlanChange): Promise<UpgradeStart>;
  /** Schedules a cheaper plan at the provider from the next renewal on (ours is scheduled by the caller). */
  scheduleDowngrade(userId: string, change: PlanChange): Promise<void>;
  /** Undo a change scheduled for the next renewal at the provider (ours is undone by the caller). */
  keepCurrentPlan(userId: string, subscriptionId: string | null): Promise<void>;
  portal(userId: string): Promise<string>;
}
