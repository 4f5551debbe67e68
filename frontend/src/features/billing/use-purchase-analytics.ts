import { useEffect } from 'react';
import { track } from '../../lib/analytics';
import { claimPurchaseEvents } from './api/purchase-events';

/**
 * Reports the purchases the server confirmed, each once: the server hands every event over to one
 * claim only, so a reload, a second tab or React's double effect never counts a purchase twice.
 */
export async function reportPurchases(userId: string): Promise<number> {
  const { events } = await claimPurchaseEvents();
  for (const { event, params } of events) track(event, { user_id: userId, ...params });
  return events.length;
}

/** On /account, where Checkout and the billing portal send the buyer back. */
export function usePurchaseAnalytics(userId: string | undefined): void {
  useEffect(() => {
    if (userId) reportPurchases(userId).catch((error: unknown) => console.error('Purchase analytics unavailable', error));
  }, [userId]);
}
