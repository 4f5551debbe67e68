import { z } from 'zod';
import { PLAN_IDS, PRIORITY_TIERS, TOPUP_IDS } from './plans.js';
import { uuid, urlReply } from './common.schemas.js';

export const subscriptionStatus = z.enum([
  'active',
  'incomplete',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete_expired',
  'paused',
]);
export const subscriptionSummary = z.object({
  status: subscriptionStatus,
  planId: z.enum(PLAN_IDS),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean().optional(),
  /** A downgrade that takes effect at `currentPeriodEnd`. */
  scheduledPlanId: z.enum(PLAN_IDS).nullable().optional(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const accountSummaryRequest = z.object({ userId: uuid });
/** `trialNotice`: why this account started without the free trial credits (shown to the user). */
export const accountSummaryReply = z.object({
  credits: z.number().int(),
  /** What is left of the 10 trial credits (the trial banner shows this out of 10). */
  trialCredits: z.number().int(),
  /** When the trial credits left expire: null unless the operator set TRIAL_CREDITS_DAYS. */
  trialCreditsExpireAt: z.iso.datetime().nullable().optional(),
  subscription: subscriptionSummary.nullable(),
  trialNotice: z.string().optional(),
  /** When this summary changes without any event (the soonest expiry of credits still held): caches end there. */
  changesAt: z.iso.datetime().nullable().optional(),
});
/** BROADCASTS.accountChanged. */
export const accountChangedBroadcast = z.object({ userId: uuid });

export const entitlementsRequest = z.object({ userId: uuid });
export const entitlementsReply = z.object({
  planId: z.enum(PLAN_IDS).nullable(),
  upscaleFactors: z.array(z.union([z.literal(2), z.literal(4)])),
  priorityTier: z.number().int().min(PRIORITY_TIERS.standard).max(PRIORITY_TIERS.highest),
  commercialLicense: z.boolean(),
});
export type Entitlements = z.infer<typeof entitlementsReply>;

/**
 * `batch`: the credits of a whole batch, held while the batch lives (billing's stale-reservation sweeper
 * never releases one); each row's job takes its credit out of it with BILLING.split.
 */
export const reservationReason = z.enum(['generation', 'describe', 'upscale', 'batch']);
export const reserveRequest = z.object({
  userId: uuid,
  amount: z.number().int().positive(),
  reason: reservationReason,
  /** Idempotency key: a job id, an asset operation id. A retry with the same ref returns the same reservation. */
  ref: z.string().min(1).max(200),
});
export const reserveReply = z.object({ reservationId: uuid, balance: z.number().int() });
export const settleRequest = z.object({ reservationId: uuid });
export const settleReply = z.object({ balance: z.number().int() });
/**
 * Takes `amount` out of a held reservation into a new held reservation (reason `generation`) that is
 * settled on its own. Idempotent by ref (a retry answers the same reservation); CONFLICT when the source
 * is settled or holds less than `amount`.
 */
export const splitRequest = z.object({ reservationId: uuid, amount: z.number().int().positive(), ref: z.string().min(1).max(200) });
export const splitReply = z.object({ reservationId: uuid, remaining: z.number().int() });

export const checkoutBody = z.object({ planId: z.enum(PLAN_IDS, { message: 'Unknown plan' }) });
export const topupBody = z.object({ topupId: z.enum(TOPUP_IDS, { message: 'Unknown top-up pack' }) });
export const checkoutRequest = checkoutBody.extend({ userId: uuid });
export const topupRequest = topupBody.extend({ userId: uuid });
export const portalRequest = z.object({ userId: uuid });
export { urlReply };

/**
 * A subscriber's plan change. `status`: upgraded (paid and applied), confirm (the payment waits for the
 * customer: `url` is the invoice page, or the local checkout, where they pay or confirm), scheduled (a
 * smaller plan from the renewal on), kept (a scheduled change taken back). `url` is where the browser goes next.
 */
export const planChangeBody = checkoutBody;
export const planChangeRequest = checkoutRequest;
export const planChangeReply = z.object({ status: z.enum(['upgraded', 'confirm', 'scheduled', 'kept']), url: z.string() });
export type PlanChangeReply = z.infer<typeof planChangeReply>;

export const webhookRequest = z.object({ payload: z.string(), signature: z.string() });
export const webhookReply = z.object({ received: z.literal(true) });

export const localCheckoutParams = z.object({ sessionId: uuid });
export const localCheckoutGetRequest = localCheckoutParams.extend({ userId: uuid });
export const localCheckoutReply = z.object({
  sessionId: uuid,
  kind: z.enum(['subscription', 'topup', 'plan_change']),
  itemId: z.string(),
  /** For a plan change: the plan it changes from. */
  fromPlanId: z.enum(PLAN_IDS).optional(),
  name: z.string(),
  credits: z.number().int(),
  priceCents: z.number().int(),
  /** For an upgrade: what Pay charges now (the prorated difference for the rest of the period). */
  dueNowCents: z.number().int().optional(),
  status: z.enum(['open', 'paid', 'canceled']),
});
export type LocalCheckout = z.infer<typeof localCheckoutReply>;

/** The local billing portal (no Stripe): cancel a subscription at its period end, or take that back. */
export const localPortalBody = z.object({ cancelAtPeriodEnd: z.boolean({ message: 'cancelAtPeriodEnd must be true or false' }) });
export const localPortalRequest = localPortalBody.extend({ userId: uuid });
export const localPortalReply = z.object({ subscription: subscriptionSummary });
export const localCheckoutCompleteBody = z.object({ action: z.enum(['pay', 'cancel']) });
export const localCheckoutCompleteRequest = localCheckoutCompleteBody.extend(localCheckoutGetRequest.shape);
export const localCheckoutCompleteReply = z.object({ redirectUrl: z.string() });

/** The credit history on /account: the latest ledger movements, newest first. */
export const CREDIT_HISTORY_LIMIT = 50;
export const creditHistoryRequest = z.object({ userId: uuid });
export const creditHistoryEntry = z.object({
  at: z.iso.datetime(),
  /** grant: credits added (trial, plan, rollover, top-up); spend; refund of a spend; expire. */
  kind: z.enum(['grant', 'spend', 'refund', 'expire']),
  /** For grants and expiries: which kind of credits. */
  source: z.enum(['trial', 'plan', 'rollover', 'topup']).nullable(),
  /** For spends and refunds: what the credits paid for. */
  reason: z.string().nullable(),
  delta: z.number().int(),
});
export const creditHistoryReply = z.object({ entries: z.array(creditHistoryEntry).max(CREDIT_HISTORY_LIMIT) });
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntry>;
/** A purchase the server confirmed (Stripe webhook or local Pay), reported to analytics by the buyer's browser once. */
export const purchaseEvent = z.object({
  event: z.enum(['subscription_started', 'topup_purchase', 'subscription_cancelled']),
  params: z.object({
    plan: z.enum(PLAN_IDS).optional(),
    pack: z.enum(TOPUP_IDS).optional(),
    value: z.number().optional(),
    currency: z.literal('USD').optional(),
    credits: z.number().int().optional(),
  }),
});
export type PurchaseEvent = z.infer<typeof purchaseEvent>;
export const claimPurchaseEventsRequest = z.object({ userId: uuid });
export const claimPurchaseEventsReply = z.object({ events: z.array(purchaseEvent) });
export const exportHistoryRequest = z.object({ userId: uuid });
export const exportHistoryReply = z.object({
  entries: z.array(z.object({ at: z.iso.datetime(), delta: z.number().int(), reason: z.string(), ref: z.string().nullable() })),
  subscription: z.object({ planId: z.string(), status: z.string(), currentPeriodEnd: z.iso.datetime().nullable() }).nullable(),
});
