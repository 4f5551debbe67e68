// Which fields each marketplace's own listing form has, and which it will not take empty. The copy
// keeps every field (Merch's tags still feed the kit's CSV), but a marketplace's editor shows only its own.
import type { ListingTarget } from './limits.js';
import type { ListingField } from './listing-problem.js';

export interface MarketplaceFields {
  /** The fields the marketplace's form has, in its order. */
  fields: readonly ListingField[];
  /** The fields it refuses to publish empty. */
  required: readonly ListingField[];
}

export const MARKETPLACE_FIELDS: Record<ListingTarget, MarketplaceFields> = {
  etsy: { fields: ['title', 'tags', 'description'], required: ['title'] },
  /** Merch by Amazon has no tags; its brand name is required (the seller profile's brand fills it). */
  merch: { fields: ['brand', 'title', 'bullets', 'description'], required: ['brand', 'title'] },
  generic: { fields: ['title', 'tags', 'description', 'bullets'], required: ['title'] },
};
