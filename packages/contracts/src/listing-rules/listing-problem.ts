import type { ListingTarget } from './limits.js';

/** The fields of a listing's copy the validators check. */
export interface ListingCopy {
  title: string;
  tags: string[];
  description: string;
  bullets: string[];
  brand: string;
}

export type ListingField = keyof ListingCopy;

/**
 * One broken rule: which field, which rule, its limit (a number for counts and lengths, otherwise the
 * rule's name) and a sentence the seller can act on.
 */
export interface ListingProblem {
  field: ListingField;
  rule: string;
  limit: number | string;
  message: string;
  /** A warning: the marketplace may refuse the wording, the listing is still saved. Without it, an error. */
  severity?: 'warning';
}

/** Whether a problem refuses the save (an error) rather than warning of it. */
export const isError = (problem: ListingProblem) => problem.severity !== 'warning';

/**
 * The rule of a warning, not a refusal: the title or the tags hold a phrase the risk check rates high.
 * The edit is saved; the listing lists the problem until the phrase is gone.
 */
export const TRADEMARK_RISK_RULE = 'trademark-risk';

export interface ValidateOptions {
  /** A generated listing fills every slot (Etsy: all 13 tags); a seller's edit may use fewer. */
  generated?: boolean;
}

export type ListingValidator = (copy: ListingCopy, options?: ValidateOptions) => ListingProblem[];

export type { ListingTarget };
