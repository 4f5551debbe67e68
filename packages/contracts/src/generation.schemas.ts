import { z } from 'zod';
import { LIMITS } from './limits.js';
import { uuid } from './common.schemas.js';

export const jobStatus = z.enum(['queued', 'generating', 'processing', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof jobStatus>;

export const prompt = z
  .string({ message: 'Prompt is required' })
  .max(LIMITS.promptMaxChars, `Prompt must be at most ${LIMITS.promptMaxChars} characters`)
  .refine((value) => value.trim().length > 0, 'Prompt is required');

export const generateBody = z.object({
  prompt,
  options: z
    .object({ transparent: z.boolean().default(true), dark: z.boolean().default(false) })
    .default({ transparent: true, dark: false }),
});
export const generateRequest = generateBody.extend({ userId: uuid });
export const generateReply = z.object({ jobId: uuid });

export const jobParams = z.object({ id: uuid });
export const getJobRequest = z.object({ userId: uuid, jobId: uuid });
export const job = z.object({
  id: uuid,
  status: jobStatus,
  error: z.string().nullable(),
  prompt: z.string(),
  /** Why a queued job is waiting (e.g. the daily image budget is used up); null otherwise. */
  notice: z.string().nullable().optional(),
});
export const getJobReply = z.object({ job });
export type Job = z.infer<typeof job>;

/** The gateway stores the upload and passes its storage key: binary data never rides NATS. */
export const describeRequest = z.object({ userId: uuid, uploadKey: z.string().min(1), mimeType: z.enum(LIMITS.uploadMimeTypes) });
export const describeReply = z.object({ description: z.string() });

/** The message on the work queue: the job row in PostgreSQL is the source of truth. */
export const dispatchMessage = z.object({ jobId: uuid });

/** What the data export keeps of a batch (its rows point at the jobs in jobs.json). */
export const exportedBatch = z.object({
  id: uuid,
  status: z.string(),
  source: z.string(),
  template: z.string().nullable(),
  /** The collection's name as stored (its seller's, or made up when it started); null for batches older than names. */
  name: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  rows: z.array(z.object({ position: z.number().int(), prompt: z.string(), status: z.string(), jobId: uuid.nullable() })),
});

export const exportJobsRequest = z.object({ userId: uuid });
export const exportJobsReply = z.object({
  jobs: z.array(
    z.object({
      id: uuid,
      prompt: z.string(),
      status: z.string(),
      error: z.string().nullable(),
      createdAt: z.iso.datetime(),
      finishedAt: z.iso.datetime().nullable(),
    }),
  ),
  /** The user's batches (issue 31); absent from replies of a generation service older than batches. */
  batches: z.array(exportedBatch).default([]),
});
