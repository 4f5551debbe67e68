import type { Plan, TopupPack } from '@printloom/contracts';

/** Where a buyer is sent to pay, and where a subscriber manages billing. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  checkoutForPlan(userId: string, plan: Plan): Promise<string>;
  checkoutForTopup(userId: string, pack: TopupPack): Promise<string>;
  /** Where a subscriber confirms a change from one plan to another. */
  checkoutForPlanChange(userId: string, from: Plan, to: Plan, subscriptionId: string | null): Promise<string>;
  /** Undo a change scheduled for the next renewal at the provider (ours is undone by the caller). */
  keepCurrentPlan(userId: string, subscriptionId: string | null): Promise<void>;
  portal(userId: string): Promise<string>;
}
