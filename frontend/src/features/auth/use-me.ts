import { useQuery } from '@tanstack/react-query';
import type { MeReply } from '@printloom/contracts/auth.schemas';

export const meQueryKey = ['/api/auth/me'] as const;

/** The current user; a non-OK answer counts as logged out (spec section 7). */
export function useMe() {
  return useQuery<MeReply>({ queryKey: meQueryKey });
}
