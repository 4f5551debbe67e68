// Where money moves: Stripe (or local) checkout for a plan or a top-up pack, a subscriber's plan
// changes, and the billing portal. Each answers the URL the browser goes to next.
import type { PlanId, TopupId } from '@printloom/contracts/plans';
import { callApi } from '../../../lib/api-client';

export const createCheckout = (planId: PlanId) => callApi('createCheckout', { body: { planId } });
export const createTopupCheckout = (topupId: TopupId) => callApi('createTopupCheckout', { body: { topupId } });
export const openBillingPortal = () => callApi('openBillingPortal');
/** A dearer plan now, paid first: the answer's url is the invoice page (or local checkout) when the payment needs the buyer. */
export const upgradePlan = (planId: PlanId) => callApi('upgradePlan', { body: { planId } });
/** A cheaper plan from the next renewal; the current plan takes a scheduled change back. */
export const downgradePlan = (planId: PlanId) => callApi('downgradePlan', { body: { planId } });
