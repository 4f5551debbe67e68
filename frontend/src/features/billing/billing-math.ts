import { TRIAL } from '@printloom/contracts/limits';
import {
  PAYMENT_FAILED_STATUSES,
  PLANS,
  SUBSCRIBED_STATUSES,
  TOPUPS,
  findPlan,
  formatPrice,
  planPricePerCreditCents,
  type Plan,
} from '@printloom/contracts/plans';

/** Price of one credit on a plan, in dollars as text ('$0.10'). */
export function planPricePerCredit(plan: Plan): string {
  return formatPrice(Math.round(planPricePerCreditCents(plan)));
}

/**
 * What choosing `plan` does for a subscriber on `current`: subscribe (no plan), upgrade (dearer: paid
 * now), downgrade (cheaper: from the renewal), keep (the current plan over a scheduled change), none.
 */
export function planChoice(
  plan: Plan,
  current: Plan | undefined,
  changeScheduled: boolean,
): 'subscribe' | 'upgrade' | 'downgrade' | 'keep' | 'none' {
  if (!current) return 'subscribe';
  if (plan.id === current.id) return changeScheduled ? 'keep' : 'none';
  return plan.priceCents > current.priceCents ? 'upgrade' : 'downgrade';
}

/** The pricing tip: what a credit costs on the cheapest plan against the smallest top-up pack. */
export function savingsTip(): string {
  const cheapestPlan = PLANS[0];
  const smallestPack = TOPUPS[0];
  return `${cheapestPlan.name} works out at ${planPricePerCredit(cheapestPlan)} per credit, against ${formatPrice(smallestPack.pricePerCreditCents)} for the smallest top-up.`;
}

export function rolloverText(plan: Plan): string {
  return plan.rollover ? `${Math.round(plan.rollover.share * 100)}% of unused credits (up to ${plan.rollover.max})` : 'No rollover';
}

/** Subscribed on /account and /generate: active, incomplete or trialing. */
export function isSubscribed(status: string | undefined): boolean {
  return status !== undefined && (SUBSCRIBED_STATUSES as readonly string[]).includes(status);
}

/** A renewal failed (past_due, unpaid): /account leads to the portal to update the card. */
export function isPaymentFailed(status: string | undefined): boolean {
  return status !== undefined && (PAYMENT_FAILED_STATUSES as readonly string[]).includes(status);
}

export function currentPlan(subscription: { status: string; planId: string } | null | undefined): Plan | undefined {
  return subscription && isSubscribed(subscription.status) ? findPlan(subscription.planId) : undefined;
}

/** What is left of the trial's credits, out of TRIAL.credits: top-up or plan credits never count here. */
export function trialCreditsLeft(me: { credits: number; trialCredits?: number }): number {
  return Math.max(0, Math.min(me.trialCredits ?? me.credits, TRIAL.credits));
}

/** A downgrade waiting for the renewal: "Changes to Starter on <date>", or null. */
export function scheduledChange(
  subscription: { scheduledPlanId?: string | null; currentPeriodEnd: string } | null | undefined,
): { plan: Plan; on: string } | null {
  const plan = subscription?.scheduledPlanId ? findPlan(subscription.scheduledPlanId) : undefined;
  return plan ? { plan, on: subscription!.currentPeriodEnd } : null;
}
