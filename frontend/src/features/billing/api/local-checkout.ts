// The local checkout that stands in for Stripe when no key is configured.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getLocalCheckout = (sessionId: string) => callApi('getLocalCheckout', { params: { sessionId } });

export const localCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: ['billing', 'local-checkout', sessionId], queryFn: () => getLocalCheckout(sessionId) });

export const useLocalCheckout = (sessionId: string) => useQuery(localCheckoutQueryOptions(sessionId));

export const completeLocalCheckout = (sessionId: string, action: 'pay' | 'cancel') =>
  callApi('completeLocalCheckout', { params: { sessionId }, body: { action } });

/** The billing portal when Stripe is not configured: cancel at period end, or resume. */
export const updateLocalPortal = (cancelAtPeriodEnd: boolean) => callApi('updateLocalPortal', { body: { cancelAtPeriodEnd } });
