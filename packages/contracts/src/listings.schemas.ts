import { z } from 'zod';
import { uuid } from './common.schemas.js';
import { LISTING_TARGETS } from './listing-rules/limits.js';
import { RISK_CHECK } from './limits.js';
import { VARIANT_LETTERS } from './art-directions.js';
import { RISK_CLASSES } from './trademark-classes.js';

export const listingTarget = z.enum(LISTING_TARGETS, { message: "target must be 'etsy', 'merch' or 'generic'" });

/** A trademark or policy risk flag on a text (a risk, never legal advice). */
export const risk = z.object({
  /** The words of the text that matched. */
  term: z.string(),
  level: z.enum(['high', 'medium', 'low']),
  source: z.enum(['uspto', 'denylist']),
  /** Nice classes of the mark (e.g. '025' for clothing); empty for denylist phrases without classes. */
  classes: z.array(z.string()),
  /** The USPTO serial number of the matched mark. */
  serial: z.string().optional(),
  /** The mark as registered or listed. */
  mark: z.string(),
  /**
   * The classes of the product(s) the level is rated for in which the mark is registered (or the
   * denylist phrase applies): a template's product, or every ready template's when no product is known.
   * Empty when the mark is in none of them (then the level is low). Always set by the matcher.
   */
  productClasses: z.array(z.string()).optional(),
  /** On a listing's risks: the fields of its copy that hold the term (a seller can remove it from each). */
  fields: z.array(z.enum(['title', 'tags', 'description', 'bullets', 'brand'])).optional(),
});
export type Risk = z.infer<typeof risk>;

/**
 * `POST /api/risk-check`: a prompt or listing text checked as the seller types. The matcher itself
 * reads at most RISK_CHECK.maxChars of the text once normalised (NFKD can make one character four).
 */
export const riskCheckBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'text: write something to check')
    .max(RISK_CHECK.maxChars, `text: at most ${RISK_CHECK.maxChars.toLocaleString('en-US')} characters`),
});
export const riskCheckRequest = riskCheckBody.extend({ userId: uuid });
export const riskCheckReply = z.object({ risks: z.array(risk) });

export const riskLevel = z.enum(['high', 'medium', 'low'], { message: "level must be 'high', 'medium' or 'low'" });

/** One phrase of a seller's own denylist: flagged in that seller's texts only (prompts, listings). */
export const denylistEntry = z.object({
  id: uuid,
  phrase: z.string(),
  level: riskLevel,
  classes: z.array(z.enum(RISK_CLASSES)),
  createdAt: z.iso.datetime(),
});
export type DenylistEntry = z.infer<typeof denylistEntry>;
export const denylistRequest = z.object({ userId: uuid });
export const denylistReply = z.object({ entries: z.array(denylistEntry) });
/** `POST /api/account/denylist`: a phrase with a letter or digit, its level (medium unless said) and classes. */
export const addDenylistEntryBody = z.object({
  phrase: z
    .string()
    .trim()
    .min(2, 'phrase: at least 2 characters')
    .max(100, 'phrase: at most 100 characters')
    .refine((phrase) => /[\p{L}\p{N}]/u.test(phrase), 'phrase: needs a letter or a digit'),
  level: riskLevel.default('medium'),
  classes: z
    .array(z.enum(RISK_CLASSES, { message: `classes: each one of ${RISK_CLASSES.join(', ')}` }))
    .max(RISK_CLASSES.length)
    .default([])
    .transform((classes) => [...new Set(classes)].sort()),
});
export const addDenylistEntryRequest = addDenylistEntryBody.extend({ userId: uuid });
export const denylistEntryReply = z.object({ entry: denylistEntry });
export const denylistEntryParams = z.object({ id: uuid });
export const deleteDenylistEntryRequest = z.object({ userId: uuid, id: uuid });

export const listingProblem = z.object({
  field: z.enum(['title', 'tags', 'description', 'bullets', 'brand']),
  rule: z.string(),
  limit: z.union([z.number(), z.string()]),
  message: z.string(),
  /** 'warning': the marketplace may refuse it, the listing is saved; absent: an error (the save is refused). */
  severity: z.literal('warning').optional(),
});

export const listing = z.object({
  target: listingTarget,
  title: z.string(),
  tags: z.array(z.string()),
  description: z.string(),
  bullets: z.array(z.string()),
  brand: z.string(),
  /** What the validators find in the saved copy (empty when it passes). */
  problems: z.array(listingProblem),
  /** Trademark and policy risk flags found in the copy. */
  risks: z.array(risk),
});
export type Listing = z.infer<typeof listing>;
export const listingReply = z.object({ listing });

export const listingParams = z.object({ id: uuid });
export const writeListingBody = z.object({ target: listingTarget });
export const getListingQuery = z.object({ target: listingTarget });
// Generous bounds against abuse only: the marketplaces' own limits are the validators' (422 LISTING_INVALID).
const text = (max: number) => z.string().max(max, `at most ${max} characters`);
export const editListingBody = z.object({
  target: listingTarget,
  title: text(1000).optional(),
  tags: z.array(text(200)).max(50, 'at most 50 tags').optional(),
  description: text(20_000).optional(),
  bullets: z.array(text(2000)).max(20, 'at most 20 bullets').optional(),
  brand: text(500).optional(),
});
/**
 * `classes`: the Nice classes of the product the listing goes on (publishing's draft step sends its
 * template's, productClassesOf): risks are rated by them; without them, by every ready template's.
 */
export const writeListingRequest = writeListingBody.extend({
  userId: uuid,
  assetId: uuid,
  classes: z.array(z.enum(RISK_CLASSES)).min(1).max(RISK_CLASSES.length).optional(),
});
export const getListingRequest = getListingQuery.extend({ userId: uuid, assetId: uuid });
export const editListingRequest = editListingBody.extend({ userId: uuid, assetId: uuid });

/** The seller's shop and brand: they feed the copy (the Etsy "Designed by", the Merch brand). */
export const sellerProfile = z.object({
  shopName: z.string().trim().max(60, 'The shop name is at most 60 characters'),
  brand: z.string().trim().max(50, 'The brand is at most 50 characters'),
});
export type SellerProfile = z.infer<typeof sellerProfile>;
export const sellerProfileReply = z.object({ profile: sellerProfile });
export const sellerProfileRequest = z.object({ userId: uuid });
export const putSellerProfileRequest = sellerProfile.extend({ userId: uuid });

/** The user's listings and seller profile for the data export. */
export const exportListingsRequest = z.object({ userId: uuid });
export const exportListingsReply = z.object({
  sellerProfile: sellerProfile.nullable(),
  /** The seller's own denylist phrases. */
  denylist: z.array(denylistEntry),
  listings: z.array(
    z.object({
      assetId: uuid,
      target: listingTarget,
      title: z.string(),
      tags: z.array(z.string()),
      description: z.string(),
      bullets: z.array(z.string()),
      brand: z.string(),
      writer: z.string(),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    }),
  ),
});

/** ASSETS.designBrief: the words a design was made from, for its owner (404 otherwise). */
export const designBriefRequest = z.object({ userId: uuid, assetId: uuid });
/** `variant`: the design's art direction (ART_DIRECTIONS), null for a design not drawn in one (an upload). */
export const designBriefReply = z.object({ assetId: uuid, prompt: z.string(), variant: z.enum(VARIANT_LETTERS).nullable().optional() });
