// The batch routes (issue 31): start a collection from a template or a CSV file, list, read and cancel.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Batch } from '@printloom/contracts/batches.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { ENDPOINTS } from '@printloom/contracts/endpoints';
import { callApi, responseError, type ApiReply } from '../../../lib/api-client';

export type BatchSummary = ApiReply<'listBatches'>['batches'][number];
export type { Batch };

/** Every batch query starts with this key: invalidate it and the list and the open batch reload. */
export const batchesQueryKey = ['batches'] as const;

export const createTemplateBatch = (template: string, values: readonly string[], options: { transparent: boolean; dark: boolean }) =>
  callApi('createBatch', { body: { template, values: [...values], options } });

/** A CSV batch: the file as it is, in the multipart field `file` (the route's JSON body type does not cover it). */
export async function createCsvBatch(file: File): Promise<ApiReply<'createBatch'>> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(ENDPOINTS.createBatch.path, { method: ENDPOINTS.createBatch.method, credentials: 'include', body: form });
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as ApiReply<'createBatch'>;
}

/** The collection's own name (the server trims it and answers the batch). */
export const renameBatch = (batchId: string, name: string) => callApi('renameBatch', { params: { id: batchId }, body: { name } });

export const cancelBatch = (batchId: string) => callApi('cancelBatch', { params: { id: batchId } });

/** A batch's rows are still moving while it runs; a finished or cancelled batch never changes again. */
export const batchIsRunning = (batch: Pick<Batch, 'status'> | undefined) => batch?.status === 'running';

/** My batches, newest first; polled while any of them runs. */
export const batchesQueryOptions = () =>
  queryOptions({
    queryKey: [...batchesQueryKey, 'list'],
    queryFn: () => callApi('listBatches'),
    staleTime: 0,
    refetchInterval: (query) => (query.state.error || !query.state.data?.batches.some(batchIsRunning) ? false : LIMITS.jobPollIntervalMs),
  });

/** One batch with its rows, polled every 2 s while it runs, not at all once it finished or was cancelled. */
export const batchQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: [...batchesQueryKey, 'one', batchId],
    queryFn: () => callApi('getBatch', { params: { id: batchId } }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.error || !batchIsRunning(query.state.data?.batch) ? false : LIMITS.jobPollIntervalMs),
  });

export const useBatches = () => useQuery(batchesQueryOptions());
export const useBatch = (batchId: string) => useQuery(batchQueryOptions(batchId));

/** Every design of a batch, in row order. */
export const batchAssetIds = (batch: Pick<Batch, 'rows'>): string[] => batch.rows.flatMap((row) => row.assetIds);

/** "Redo the flagged ones": one new row (one credit) per row with a flagged design; the batch runs again. */
export const redoFlaggedBatch = (batchId: string) => callApi('redoFlaggedBatch', { params: { id: batchId } });
