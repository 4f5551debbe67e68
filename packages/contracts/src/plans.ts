// Plans, top-up packs, credit costs and queue priority. Prices are in US cents.
export const PLAN_IDS = ['starter', 'creator', 'pro', 'studio'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const TOPUP_IDS = ['boost-25', 'boost-50', 'boost-100'] as const;
export type TopupId = (typeof TOPUP_IDS)[number];

export type UpscaleFactor = 2 | 4;
/**
 * Queue priority, higher served first: Creator and above jump the queue, Studio highest of all. The trial and Starter share the standard tier.
 */
export const PRIORITY_TIERS = { standard: 0, priority: 1, highest: 2 } as const;
export type PriorityTier = (typeof PRIORITY_TIERS)[keyof typeof PRIORITY_TIERS];

export interface Rollover {
  /** Share of unused plan credits carried into the next period, 0..1. */
  share: number;
  /** Most credits that may be carried over. */
  max: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  credits: number;
  rollover: Rollover | null;
  upscaleFactors: readonly UpscaleFactor[];
  priorityTier: PriorityTier;
  commercialLicense: boolean;
  earlyAccess: boolean;
  popular: boolean;
  features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceCents: 499,
    credits: 50,
    rollover: null,
    upscaleFactors: [2],
    priorityTier: PRIORITY_TIERS.standard,
    commercialLicense: false,
    earlyAccess: false,
    popular: false,
    features: ['50 credits per month (200 images)', '2x upscaling', 'Free background removal', 'Transparent print-ready PNGs'],
  },
  {
    id: 'creator',
    name: 'Creator',
    priceCents: 999,
    credits: 150,
    rollover: null,
    upscaleFactors: [2, 4],
    priorityTier: PRIORITY_TIERS.priority,
    commercialLicense: false,
    earlyAccess: false,
    popular: true,
    features: ['150 credits per month (600 images)', '2x and 4x upscaling', 'Priority queue', 'Free background removal'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 2499,
    credits: 400,
    rollover: { share: 0.25, max: 100 },
    upscaleFactors: [2, 4],
    priorityTier: PRIORITY_TIERS.priority,
    commercialLicense: true,
    earlyAccess: false,
    popular: false,
    features: [
      '400 credits per month (1,600 images)',
      '25% credit rollover (up to 100)',
      'Commercial license',
      '2x and 4x upscaling',
      'Priority queue',
    ],
  },
  {
    id: 'studio',
    name: 'Studio',
    priceCents: 4999,
    credits: 1000,
    rollover: { share: 0.5, max: 500 },
    upscaleFactors: [2, 4],
    priorityTier: PRIORITY_TIERS.highest,
    commercialLicense: true,
    earlyAccess: true,
    popular: false,
    features: [
      '1,000 credits per month (4,000 images)',
      '50% credit rollover (up to 500)',
      'Commercial license',
      'Early access to new features',
      'Highest priority queue',
    ],
  },
];

export interface TopupPack {
  id: TopupId;
  name: string;
  credits: number;
  priceCents: number;
  pricePerCreditCents: number;
}

export const TOPUPS: readonly TopupPack[] = [
  { id: 'boost-25', name: 'Boost 25', credits: 25, priceCents: 499, pricePerCreditCents: 20 },
  { id: 'boost-50', name: 'Boost 50', credits: 50, priceCents: 899, pricePerCreditCents: 18 },
  { id: 'boost-100', name: 'Boost 100', credits: 100, priceCents: 1699, pricePerCreditCents: 17 },
];

export const CREDIT_COSTS = {
  generation: 1,
  describe: 1,
  upscale: 2,
  removeBackground: 0,
} as const;

export const IMAGES_PER_GENERATION = 4;

/** Trial accounts: no upscaling, lowest queue priority. */
export const TRIAL_ENTITLEMENTS = {
  upscaleFactors: [] as readonly UpscaleFactor[],
  priorityTier: PRIORITY_TIERS.standard as PriorityTier,
  commercialLicense: false,
};

/** Statuses that count as subscribed on /generate and /account. */
export const SUBSCRIBED_STATUSES = ['active', 'incomplete', 'trialing'] as const;

/** A renewal that failed: the subscriber must reach the billing portal to fix the card. */
export const PAYMENT_FAILED_STATUSES = ['past_due', 'unpaid'] as const;

/**
 * A subscription in any of these states still exists at the payment provider: its owner reaches the
 * billing portal and cannot start a second subscription.
 */
export const OPEN_SUBSCRIPTION_STATUSES = [...SUBSCRIBED_STATUSES, ...PAYMENT_FAILED_STATUSES] as const;

/**
 * Stripe catalog prices are found by lookup key (the operator creates one recurring monthly price per
 * plan and one one-time price per pack with these keys); a subscription's plan is read back from it.
 */
export const stripeLookupKeyOfPlan = (planId: PlanId) => `printloom_${planId}_monthly`;
export const stripeLookupKeyOfTopup = (topupId: TopupId) => `printloom_${topupId.replace('-', '_')}`;
export function planIdOfStripeLookupKey(lookupKey: string | null | undefined): PlanId | undefined {
  return PLANS.find((plan) => stripeLookupKeyOfPlan(plan.id) === lookupKey)?.id;
}

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function findTopup(id: string): TopupPack | undefined {
  return TOPUPS.find((pack) => pack.id === id);
}

/** The cheapest plan that offers an upscale factor, for messages such as 'Upscaling 4x needs the Creator plan'. */
export function cheapestPlanWithUpscale(factor: UpscaleFactor): Plan {
  const plan = PLANS.find((candidate) => candidate.upscaleFactors.includes(factor));
  if (!plan) throw new Error(`No plan offers ${factor}x upscaling`);
  return plan;
}

/**
 * What one credit of a plan costs, in cents (not rounded: Creator's is 999 / 150 = 6.66). Plan-change
 * credits are bought at the target plan's price per credit; this and `creditsPaidFor` are its one source.
 */
export function planPricePerCreditCents(plan: Plan): number {
  return plan.priceCents / plan.credits;
}

/**
 * The credits an amount paid towards a plan buys: floor(amount ÷ the plan's price per credit), computed
 * as floor(amount × credits ÷ price) so no rounding of the price per credit can add a credit.
 */
export function creditsPaidFor(plan: Plan, amountCents: number): number {
  if (!(amountCents > 0)) return 0;
  return Math.floor((Math.floor(amountCents) * plan.credits) / plan.priceCents);
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
