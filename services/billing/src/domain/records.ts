/** The domain types billing's repositories answer with (camelCase; rows never leave the repositories). */

export interface Subscription {
  userId: string;
  planId: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** A downgrade waiting for the next renewal. */
  scheduledPlanId: string | null;
}

export type NewPeriod = Omit<Subscription, 'cancelAtPeriodEnd' | 'scheduledPlanId'> & { cancelAtPeriodEnd?: boolean };

export type LotKind = 'trial' | 'plan' | 'rollover' | 'topup';

export interface CreditLot {
  id: string;
  kind: LotKind;
  remaining: number;
  expiresAt: Date | null;
}

export interface Reservation {
  id: string;
  userId: string;
  amount: number;
  status: 'held' | 'committed' | 'released';
}

/** A session of the local checkout (used when Stripe is not configured). */
export interface CheckoutSession {
  id: string;
  userId: string;
  kind: 'subscription' | 'topup' | 'plan_change';
  itemId: string;
  /** For a plan change: the plan it changes from. */
  fromPlanId: string | null;
  status: 'open' | 'paid' | 'canceled';
}

export interface AccountFlag {
  reason: string;
  sourceRef: string;
}

/** One ledger entry as the user's data export lists it. */
export interface LedgerEntry {
  at: Date;
  delta: number;
  kind: string;
  reason: string | null;
  ref: string | null;
}

/** Why an account started without the trial credits: its network had the day's grants, or its person had a trial. */
export type TrialWithheld = 'address' | 'person';
