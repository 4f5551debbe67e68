// The one-time checklist of a Printify connection: what the seller sets up outside Printloom before
// publishing works as it should, ticked by the seller once. Zod-free: the SPA shows the same words.
// Source: ../shared research "Printify and the marketplaces" (Etsy): Printify sets the listing's
// production partner only if a partner named "Printify" already exists in the seller's Etsy shop.

export const CONNECTION_CHECKLIST_ITEMS = ['etsy-production-partner'] as const;
export type ConnectionChecklistItem = (typeof CONNECTION_CHECKLIST_ITEMS)[number];

export const CONNECTION_CHECKLIST: Record<ConnectionChecklistItem, { label: string; help: string; salesChannel: string }> = {
  'etsy-production-partner': {
    label: 'A production partner named “Printify” exists in your Etsy shop',
    help: 'In Etsy: Shop Manager → Settings → Production partners → Add a new production partner, named “Printify”. Without it, Printify cannot name its production partner on your listings.',
    salesChannel: 'etsy',
  },
};

/** The checklist items that apply to shops of these sales channels (Etsy: the production partner). */
export function checklistItemsFor(salesChannels: readonly string[]): ConnectionChecklistItem[] {
  return CONNECTION_CHECKLIST_ITEMS.filter((item) => salesChannels.includes(CONNECTION_CHECKLIST[item].salesChannel));
}

export const CHECKLIST_MESSAGES = {
  notConnected: 'Connect Printify first: the checklist belongs to a connected shop.',
  notForThisShop: 'That checklist item does not apply to your Printify shop’s sales channel.',
} as const;
