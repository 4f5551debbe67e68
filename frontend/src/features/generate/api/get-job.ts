import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@printloom/contracts/limits';
import { callApi } from '../../../lib/api-client';

export const getJob = (jobId: string) => callApi('getJob', { params: { id: jobId } });

const FINISHED = new Set(['succeeded', 'failed']);

/** A job, polled every 2 s until it succeeds or fails; no job id, no query. */
export const jobQueryOptions = (jobId: string | null) =>
  queryOptions({
    queryKey: ['generate', 'job', jobId ?? ''],
    queryFn: () => getJob(jobId ?? ''),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (FINISHED.has(query.state.data?.job.status ?? '') || query.state.error ? false : LIMITS.jobPollIntervalMs),
  });

export const useJob = (jobId: string | null) => useQuery(jobQueryOptions(jobId));
