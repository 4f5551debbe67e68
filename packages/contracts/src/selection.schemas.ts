// A collection's membership belongs to assets (issue 39): every design carries the batch it was made in,
// so "these designs" and "every design of that collection" are answered by one subject, in one query.
import { z } from 'zod';
import { uuid } from './common.schemas.js';
import { VARIANT_LETTERS } from './art-directions.js';
import { BULK_JOB, eitherSelection } from './bulk-jobs.js';

/** The most designs one selection answers: a job's cap, plus one so that a caller can tell "too many". */
export const SELECTION_MAX_DESIGNS = BULK_JOB.maxDesigns + 1;

/**
 * ASSETS.resolveSelection: the seller's designs still in the library, in the order asked: `ids` in their
 * own order (another seller's or a missing id is left out: the caller compares the count), or every
 * design of the seller's collection `batchId` in row order (another seller's collection is a 404).
 */
export const resolveSelectionRequest = z
  .object({
    userId: uuid,
    ids: z.array(uuid).min(1).max(SELECTION_MAX_DESIGNS).optional(),
    batchId: uuid.optional(),
    limit: z.number().int().min(1).max(SELECTION_MAX_DESIGNS).default(SELECTION_MAX_DESIGNS),
  })
  .refine((value) => (value.ids === undefined) !== (value.batchId === undefined), { message: eitherSelection('ids') });

/** What a caller acting on many designs needs of each (a design's brief, as ASSETS.designBrief gives one). */
export const selectedDesign = z.object({
  assetId: uuid,
  prompt: z.string(),
  variant: z.enum(VARIANT_LETTERS).nullable(),
});
export type SelectedDesign = z.infer<typeof selectedDesign>;
export const resolveSelectionReply = z.object({ designs: z.array(selectedDesign) });

/**
 * GENERATION.batchMembership: which designs each row of the seller's batch made, with the row's position
 * (404 when not theirs). Assets asks it once per collection, for designs ingested before they carried
 * their batch.
 */
export const batchMembershipRequest = z.object({ userId: uuid, batchId: uuid });
export const batchMembershipReply = z.object({
  designs: z.array(z.object({ assetId: uuid, position: z.number().int().positive() })),
});
