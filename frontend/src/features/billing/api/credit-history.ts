// The latest credit movements of this user (grants, spends, refunds, expiries), from one billing call.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getCreditHistory = () => callApi('getCreditHistory');

export const creditHistoryQueryOptions = () => queryOptions({ queryKey: ['billing', 'credit-history'], queryFn: getCreditHistory });

export const useCreditHistory = () => useQuery(creditHistoryQueryOptions());
