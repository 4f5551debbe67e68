// Generation: jobs, prompts, describe and collections (batches).
import * as generation from '../generation.schemas.js';
import * as batches from '../batches.schemas.js';
import * as bulk from '../bulk-jobs.schemas.js';
import { GENERATION, ASSETS } from '../subjects.js';
import { withUser } from './route-inputs.js';
import { endpoint } from '../endpoints.js';
import type { Route } from './route.js';

export const GENERATION_ROUTES = [
  // Generation
  {
    ...endpoint('describeImage'),
    kind: 'custom',
    tag: 'generation',
    summary: 'Describe an uploaded image (multipart field "image"); costs 1 credit',
    access: 'user',
    subject: GENERATION.describe,
    reply: generation.describeReply,
    contentType: 'multipart/form-data',
  },
  {
    ...endpoint('generate'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'Start a generation of 4 variants; costs 1 credit',
    access: 'user',
    subject: GENERATION.createJob,
    body: generation.generateBody,
    toRequest: withUser,
    reply: generation.generateReply,
  },
  {
    ...endpoint('createBatch'),
    kind: 'custom',
    tag: 'generation',
    summary:
      'Start a collection of up to 200 designs: JSON { template with a {value} slot, values, options }, or a CSV (multipart field "file": a header row, prompt required, style, garment, transparent optional; any bad row refuses the file, listing every bad row as rowErrors). Each row is one job costing 1 credit, all reserved now (402 with `needed` when short)',
    access: 'user',
    subject: GENERATION.createBatch,
    body: batches.createBatchBody,
    reply: batches.batchReply,
    status: 201,
  },
  {
    ...endpoint('listBatches'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'My batches, newest first (50), with their counts and without their rows',
    access: 'user',
    subject: GENERATION.listBatches,
    toRequest: withUser,
    reply: batches.listBatchesReply,
  },
  {
    ...endpoint('getBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'A batch with every row: its status, its job and, once done, its designs',
    access: 'user',
    subject: GENERATION.getBatch,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('cancelBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'Cancel a batch: rows still waiting stop and are refunded; rows already running finish',
    access: 'user',
    subject: GENERATION.cancelBatch,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('renameBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'Name a collection (its default name sums up its template and values)',
    access: 'user',
    subject: GENERATION.renameBatch,
    params: batches.batchParams,
    body: batches.renameBatchBody,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id, name: input.body.name }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('redoFlaggedBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary:
      'Redo the flagged designs of a finished batch: one new row per row with a design whose quality verdict is not ok (same prompt and options, a new seed; 1 credit each, reserved now, 402 with `needed` when short). 409 when nothing is flagged or the batch is still running or cancelled',
    access: 'user',
    subject: GENERATION.redoFlagged,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('getBatchQuality'),
    kind: 'rpc',
    tag: 'generation',
    summary:
      'The quality verdicts of every design of a batch, counted: designs, checked, flagged, the failed checks by name and the flagged designs',
    access: 'user',
    subject: ASSETS.batchQuality,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: bulk.batchQualityReply,
  },
  {
    ...endpoint('getJob'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'A job and its status',
    access: 'user',
    subject: GENERATION.getJob,
    params: generation.jobParams,
    toRequest: (input) => ({ userId: input.userId, jobId: input.params.id }),
    reply: generation.getJobReply,
  },
] as const satisfies readonly Route[];
