// Bulk jobs (issue 31): library actions on more designs than a request takes at once (LIMITS.bulkMaxIds),
// above all every design of a collection, named by its batch id. Assets runs them as server-side jobs,
// design by design, and keeps their progress; a download or an export is a ZIP fetched once it is ready.
import { z } from 'zod';
import { uuid } from './common.schemas.js';
import { GARMENT_CHOICES, qualityCheck } from './assets.schemas.js';
import { presetId } from './export-presets.js';
import { BULK_JOB, BULK_JOB_MESSAGES, eitherSelection } from './bulk-jobs.js';

/** download: the designs as generated, one ZIP; export: each fitted to a preset (and garment), one ZIP. */
export const bulkAction = z.enum(['download', 'export', 'star', 'unstar', 'delete'], {
  message: "action must be one of 'download', 'export', 'star', 'unstar', 'delete'",
});
export type BulkAction = z.infer<typeof bulkAction>;

export const bulkJobStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type BulkJobStatus = z.infer<typeof bulkJobStatus>;

/**
 * Which designs: `ids` (up to BULK_JOB.maxDesigns) or `batchId` (every design of that collection of the
 * user, resolved by the service when the job is created). Exactly one of them.
 */
export const designSelectionFields = {
  ids: z.array(uuid).min(1, 'Select at least one design').max(BULK_JOB.maxDesigns, BULK_JOB_MESSAGES.tooManyDesigns).optional(),
  batchId: uuid.optional(),
};
/** A refinement's arguments: exactly one of `idsField` and `batchId` is present. */
export const oneSelectionOf = (idsField: 'ids' | 'assetIds') =>
  [
    (value: Record<string, unknown>) => (value[idsField] === undefined) !== (value.batchId === undefined),
    { message: eitherSelection(idsField) },
  ] as const;
const selectionRefinement = oneSelectionOf('ids');

const bulkJobFields = z.object({
  action: bulkAction,
  ...designSelectionFields,
  /** export only: the product canvas each file is fitted to (see /api/export-presets). */
  preset: presetId.optional(),
  /** download and export: every file for a white or black garment. */
  garment: z.enum(GARMENT_CHOICES, { message: "garment must be 'light' or 'dark'" }).optional(),
});
const presetWhenExport = [
  (value: { action: BulkAction; preset?: string }) => (value.action === 'export') === (value.preset !== undefined),
  { message: BULK_JOB_MESSAGES.presetOnlyForExport },
] as const;

/** `POST /api/bulk-jobs` */
export const createBulkJobBody = bulkJobFields.refine(...selectionRefinement).refine(...presetWhenExport);
export const createBulkJobRequest = bulkJobFields
  .extend({ userId: uuid })
  .refine(...selectionRefinement)
  .refine(...presetWhenExport);

export const bulkJob = z.object({
  id: uuid,
  action: bulkAction,
  status: bulkJobStatus,
  /** The collection it was started for, when it was. */
  batchId: uuid.nullable(),
  designs: z.number().int(),
  /** Designs done so far (a deleted or missing design counts as done: it is skipped). */
  processed: z.number().int(),
  preset: z.string().nullable(),
  garment: z.enum(GARMENT_CHOICES).nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Until when a done job (and its ZIP) can be read. */
  expiresAt: z.iso.datetime().nullable(),
  /** download and export: `GET` it (the owner's session) once `status` is `done`; null otherwise. */
  downloadUrl: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJob>;
export const bulkJobReply = z.object({ job: bulkJob });
export const bulkJobParams = z.object({ id: uuid });
export const bulkJobRequest = z.object({ userId: uuid, jobId: uuid });
/** `GET /api/bulk-jobs`: the user's bulk jobs not yet expired, newest first, at most BULK_JOB.listed. */
export const listBulkJobsRequest = z.object({ userId: uuid });
export const listBulkJobsReply = z.object({ jobs: z.array(bulkJob) });
/** ASSETS.resolveBulkJob: a done download or export job's files, for the gateway to stream (409 before). */
export const resolveBulkJobReply = z.object({
  fileName: z.string(),
  files: z.array(z.object({ assetId: uuid, key: z.string(), fileName: z.string(), pngText: z.record(z.string(), z.string()).optional() })),
});

/** `GET /api/batches/{id}/quality`: the quality verdicts of every design of a batch, counted. */
export const batchQualityRequest = z.object({ userId: uuid, batchId: uuid });
export const batchQualityReply = z.object({
  /** Designs of the batch still in the library. */
  designs: z.number().int(),
  /** Of them, those with a verdict (the verdict follows a design by a few seconds). */
  checked: z.number().int(),
  flagged: z.number().int(),
  /** Failed checks by name (a design can fail several), most frequent first. */
  byCheck: z.array(z.object({ name: z.string(), count: z.number().int() })),
  flaggedAssetIds: z.array(uuid),
  /** Each flagged design with the checks it failed (name and detail), in the order of `flaggedAssetIds`. */
  flaggedDesigns: z.array(z.object({ assetId: uuid, failed: z.array(qualityCheck) })),
});
export type BatchQuality = z.infer<typeof batchQualityReply>;
