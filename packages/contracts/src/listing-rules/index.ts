// One validator per marketplace, shared by the listings service and the SPA (zod-free).
import type { ListingTarget } from './limits.js';
import type { ListingCopy, ListingProblem, ListingValidator, ValidateOptions } from './listing-problem.js';
import { validateEtsyListing } from './etsy.js';
import { validateGenericListing } from './generic.js';
import { validateMerchListing } from './merch.js';

export * from './limits.js';
export * from './listing-problem.js';
export { MARKETPLACE_FIELDS, type MarketplaceFields } from './fields.js';
export { validateEtsyListing, AI_DISCLOSURE } from './etsy.js';
export { validateMerchListing } from './merch.js';
export { validateGenericListing } from './generic.js';
export { charCount } from './text-checks.js';
export { inNormalForm } from './normal-form.js';
export * from './phrases.js';

const VALIDATORS: Record<ListingTarget, ListingValidator> = {
  etsy: validateEtsyListing,
  merch: validateMerchListing,
  generic: validateGenericListing,
};

export function validateListing(target: ListingTarget, copy: ListingCopy, options: ValidateOptions = {}): ListingProblem[] {
  return VALIDATORS[target](copy, options);
}
