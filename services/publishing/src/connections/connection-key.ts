// Which shop a publication belongs to: one publication per design, template and connection key, so a
// draft made in one shop never stands for a draft in another (a new token for the same shop keeps it).

/** A Printify connection's key: its seller and chosen shop. */
export const printifyConnectionKey = (userId: string, shopId: number) => `printify:${userId}:${shopId}`;

/** The local Printify-shaped shop's key (development and tests, with no connection). */
export const localShopConnectionKey = (userId: string) => `local:${userId}`;

/**
 * The key drafts would be made under now, without opening the token: null when there is no shop to
 * draft in (no connection and no local shop, or a connection whose shop is not chosen yet).
 */
export function currentConnectionKey(userId: string, stored: { shopId: number | null } | null, localShop: boolean): string | null {
  if (stored) return stored.shopId === null ? null : printifyConnectionKey(userId, stored.shopId);
  return localShop ? localShopConnectionKey(userId) : null;
}
