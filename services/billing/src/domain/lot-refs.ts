/** The source ref of a billing period's plan credits: one lot per user and period start. */
export const periodLotRef = (userId: string, periodStart: Date) => `plan:${userId}:${periodStart.toISOString()}`;

/** The source ref of the credits an upgrade's payment bought: one lot per paid invoice (or local checkout). */
export const upgradeLotRef = (paymentRef: string) => `upgrade:${paymentRef}`;

/** The source ref of a pack bought through Stripe Checkout (one lot per session). */
export const packLotRef = (checkoutSessionId: string) => `topup:${checkoutSessionId}`;
