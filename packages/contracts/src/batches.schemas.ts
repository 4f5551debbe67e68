// Batches (issue 31): a collection started in one go, from a template with a `{value}` slot or from a
// CSV file. Each row becomes one generation job when its turn comes (rows wait in the batch table, not
// in the queue), costing what a job costs; the batch reserves every row's credit up front.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { uuid } from './common.schemas.js';
import { jobStatus } from './generation.schemas.js';
import { BATCH_MESSAGES } from './messages.js';

/**
 * A row's status: `waiting` in the batch table (not a job yet, no job timeout), then its job's status
 * once fed (queued → generating → processing → succeeded | failed), or `cancelled` (never fed, refunded).
 */
export const batchRowStatus = z.enum(['waiting', ...jobStatus.options, 'cancelled']);
export type BatchRowStatus = z.infer<typeof batchRowStatus>;

/** `running` while any row is waiting or working; then `finished` (every row ran) or `cancelled`. */
export const batchStatus = z.enum(['running', 'finished', 'cancelled']);
export type BatchStatus = z.infer<typeof batchStatus>;

/**
 * Why a batch stopped by itself (null when it ran to the end or its seller cancelled it):
 * `payment_reversed`, a refund or dispute put the account on hold and its waiting rows were cancelled.
 */
export const batchStopReason = z.enum(['payment_reversed']);
export type BatchStopReason = z.infer<typeof batchStopReason>;

export const batchOptions = z
  .object({ transparent: z.boolean().default(true), dark: z.boolean().default(false) })
  .default({ transparent: true, dark: false });

/** `POST /api/batches` as JSON: the template with its `{value}` slot and up to 200 values. */
export const createBatchBody = z.object({
  template: z
    .string({ message: BATCH_MESSAGES.templateRequired })
    .max(LIMITS.promptMaxChars, `Template must be at most ${LIMITS.promptMaxChars} characters`)
    .refine((value) => value.includes('{value}'), BATCH_MESSAGES.templateNeedsSlot),
  values: z
    .array(z.string().max(LIMITS.promptMaxChars), { message: BATCH_MESSAGES.valuesRequired })
    .max(LIMITS.batchMaxRows, BATCH_MESSAGES.tooManyRows),
  options: batchOptions,
});

/**
 * What generation receives: the template form, or the CSV file's text (the gateway reads the upload,
 * at most LIMITS.batchCsvMaxBytes, and forwards it as text; generation parses it).
 */
export const createBatchRequest = z.discriminatedUnion('source', [
  createBatchBody.extend({ source: z.literal('template'), userId: uuid }),
  z.object({ source: z.literal('csv'), userId: uuid, csv: z.string().max(LIMITS.batchCsvMaxBytes) }),
]);

export const batchCounts = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  /** Fed and queued, generating or processing. */
  working: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCounts>;

export const batchRow = z.object({
  id: uuid,
  /** 1-based, in the order of the values or of the CSV's data rows. */
  position: z.number().int().positive(),
  prompt: z.string(),
  status: batchRowStatus,
  /** The generation job once the row was fed (GET /api/jobs/{jobId} reads it), null while it waits. */
  jobId: uuid.nullable(),
  /** The designs the job made (library asset ids), empty until it succeeded. */
  assetIds: z.array(uuid),
  /** Why the row failed (refunded) or was cancelled; null otherwise. */
  error: z.string().nullable(),
  dark: z.boolean(),
  transparent: z.boolean(),
});
export type BatchRow = z.infer<typeof batchRow>;

export const batchSummary = z.object({
  id: uuid,
  status: batchStatus,
  /** The template of a template batch; null for a CSV batch. */
  template: z.string().nullable(),
  /** What the collection is called: its seller's name for it, or one made up from its template and values (never `{value}`). */
  name: z.string(),
  source: z.enum(['template', 'csv']),
  counts: batchCounts,
  stopReason: batchStopReason.nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type BatchSummary = z.infer<typeof batchSummary>;

export const batch = batchSummary.extend({ rows: z.array(batchRow) });
export type Batch = z.infer<typeof batch>;

export const batchReply = z.object({ batch });
export const batchParams = z.object({ id: uuid });
export const batchRequest = z.object({ userId: uuid, batchId: uuid });
/** `PATCH /api/batches/{id}`: the collection's new name. */
export const renameBatchBody = z.object({
  name: z
    .string({ message: 'Give the collection a name' })
    .trim()
    .min(1, 'Give the collection a name')
    .max(LIMITS.collectionNameMaxChars, `The name is at most ${LIMITS.collectionNameMaxChars} characters`),
});
export const renameBatchRequest = renameBatchBody.extend({ userId: uuid, batchId: uuid });
export const listBatchesRequest = z.object({ userId: uuid });
/** Newest first, at most LIMITS.batchListSize, without their rows (GET /api/batches/{id} has them). */
export const listBatchesReply = z.object({ batches: z.array(batchSummary) });

/** A CSV refused: every bad data row by its number (the header is row 1, as a spreadsheet shows it). */
export const batchRowProblem = z.object({ row: z.number().int().positive(), message: z.string() });
export type BatchRowProblem = z.infer<typeof batchRowProblem>;
