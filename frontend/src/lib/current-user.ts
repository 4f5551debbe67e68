// The signed-in user, shared by every screen: who it is, credits and subscription; and signing out.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

export const meQueryKey = ['auth', 'me'] as const;

export const getMe = () => callApi('getMe');

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The current user; a non-OK answer counts as logged out. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/** Credits and subscription changed on the server: load the user again. */
export function refreshMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export const signOut = () => callApi('logout');
