import { checklistItemsFor, type ConnectionState } from '@printloom/contracts';
import type { StoredConnection } from '../repositories/connection.repository.js';

/** The sales channels of the shop drafts go to: the chosen one, or every shop while none is chosen. */
function salesChannelsOf(connection: StoredConnection): string[] {
  const shops = connection.shopId === null ? connection.shops : connection.shops.filter((shop) => shop.id === connection.shopId);
  return shops.map((shop) => shop.salesChannel);
}

/** The checklist items that apply to a connection's shop, each ticked or not; none without a connection. */
export function checklistOf(connection: StoredConnection | null): ConnectionState['checklist'] {
  if (!connection) return [];
  return checklistItemsFor(salesChannelsOf(connection)).map((item) => ({ item, done: connection.checklistDone.includes(item) }));
}
