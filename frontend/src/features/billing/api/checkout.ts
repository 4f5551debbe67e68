// Where money moves: Stripe (or local) checkout for a plan or a top-up pack, and the billing portal.
// Each answers the URL the browser goes to next.
import type { PlanId, TopupId } from '@printloom/contracts/plans';
import { callApi } from '../../../lib/api-client';

export const createCheckout = (planId: PlanId) => callApi('createCheckout', { body: { planId } });
export const createTopupCheckout = (topupId: TopupId) => callApi('createTopupCheckout', { body: { topupId } });
export const openBillingPortal = () => callApi('openBillingPortal');
