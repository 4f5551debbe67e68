// The Account page's sections other features send the seller to (features never import each other,
// so the heading ids and their links have one home here).
export const ACCOUNT_SECTIONS = {
  plan: 'plan',
  sellerProfile: 'seller-profile',
  connections: 'connections',
} as const;

export type AccountSection = keyof typeof ACCOUNT_SECTIONS;

/** `/account#seller-profile`: the Account page scrolls to the section's heading. */
export const accountLink = (section: AccountSection) => `/account#${ACCOUNT_SECTIONS[section]}`;
