// Bulk jobs (issue 31): a library action on more designs than one request takes (above all a whole
// collection, by its batch id), run by the server design by design and polled here until it settles.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkJobStatus } from '@printloom/contracts/bulk-jobs.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { callApi, type ApiInput, type ApiReply } from '../../../lib/api-client';

export type BulkJobView = ApiReply<'getBulkJob'>['job'];
export type BulkJobRequest = ApiInput<'createBulkJob'>['body'];

/** Jobs still moving: polled every LIMITS.jobPollIntervalMs; a done or failed job never changes again. */
export const bulkJobIsOpen = (status: BulkJobStatus | undefined) => status === 'queued' || status === 'running';

export const bulkJobQueryKey = (jobId: string) => ['library', 'bulk-jobs', jobId] as const;

export const createBulkJob = (body: BulkJobRequest) => callApi('createBulkJob', { body });

export const bulkJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: bulkJobQueryKey(jobId),
    queryFn: () => callApi('getBulkJob', { params: { id: jobId } }),
    select: (reply) => reply.job,
    staleTime: 0,
    refetchInterval: (query) => (query.state.error || !bulkJobIsOpen(query.state.data?.job.status) ? false : LIMITS.jobPollIntervalMs),
  });

export const useBulkJob = (jobId: string) => useQuery(bulkJobQueryOptions(jobId));

export const bulkJobsQueryKey = ['library', 'bulk-jobs', 'list'] as const;

/** The seller's bulk jobs not yet expired, newest first: read once when the screen opens, to find the ones left behind. */
export const bulkJobsQueryOptions = () =>
  queryOptions({
    queryKey: bulkJobsQueryKey,
    queryFn: () => callApi('listBulkJobs'),
    select: (reply) => reply.jobs,
    staleTime: 0,
  });
