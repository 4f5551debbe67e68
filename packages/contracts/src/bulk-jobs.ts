// Bulk jobs: limits and messages (zod-free, for the browser too); schemas in bulk-jobs.schemas.ts.
import { LIMITS } from './limits.js';

export const BULK_JOB = {
  /** Designs one bulk job may hold (a collection of 200 rows makes 800). */
  maxDesigns: 1000,
  /** How long a done job (its ZIP) stays readable. */
  keptDays: 7,
  /** Bulk jobs one user may have waiting or running at once. */
  openPerUser: 3,
  /** Selections up to this size run as plain requests; beyond it they take a job. */
  directMaxDesigns: LIMITS.bulkMaxIds,
  /** Jobs `GET /api/bulk-jobs` lists (newest first): enough to find the ones a seller left running. */
  listed: 20,
} as const;

/** The designs of a request are named one way or the other: picked ids, or a whole collection. */
export const eitherSelection = (idsField: 'ids' | 'assetIds') => `Send either ${idsField} or batchId (not both).`;

export const BULK_JOB_MESSAGES = {
  selectionRequired: eitherSelection('ids'),
  tooManyDesigns: `At most ${BULK_JOB.maxDesigns} designs in one bulk job.`,
  presetOnlyForExport: 'An export needs a preset, and only an export takes one.',
  tooManyJobs: `You already have ${BULK_JOB.openPerUser} bulk jobs running. Please wait for one to finish.`,
  notFound: 'Bulk job not found (finished jobs are kept for 7 days).',
  notReady: 'This job is still running. Download it once its status is done.',
  notADownload: 'Only a download or an export job has a file to download.',
  failed: 'This job could not be finished. Please start it again.',
  batchEmpty: 'This collection has no designs in your library yet.',
  designsGone: 'None of these designs is in your library any more.',
} as const;
