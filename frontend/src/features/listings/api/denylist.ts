// The seller's own denylist: phrases flagged in their prompts and listings, besides the shared list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const denylistQueryOptions = () => queryOptions({ queryKey: ['listings', 'denylist'], queryFn: () => callApi('listDenylist') });

export const useDenylist = () => useQuery(denylistQueryOptions());

export const addDenylistEntry = (entry: { phrase: string; level: 'high' | 'medium' | 'low'; classes: ('009' | '016' | '021' | '025')[] }) =>
  callApi('addDenylistEntry', { body: entry });

export const deleteDenylistEntry = (id: string) => callApi('deleteDenylistEntry', { params: { id } });
