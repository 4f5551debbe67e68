// A collection's quality counts (issue 31): every design's verdict, counted by the server (not only the
// designs the library has loaded), asked again while the batch runs and a little after it stops.
import { useEffect, useRef, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchQuality } from '@printloom/contracts/bulk-jobs.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { callApi } from '../../../lib/api-client';
import { batchesQueryKey, batchIsRunning, type Batch } from './batches';

export type { BatchQuality };

/** A design's verdict follows it by a few seconds: the counts are asked again this long after the batch stopped. */
export const QUALITY_FOLLOW_MS = 30_000;

/**
 * How often to ask for the counts: while the batch runs; after it stopped, until every design has its
 * verdict or the follow-up time is over (older designs may never get one); never after an error.
 */
export function qualityPollInterval(state: {
  running: boolean;
  followUntil: number;
  quality: Pick<BatchQuality, 'designs' | 'checked'> | undefined;
  failed: boolean;
  now: number;
}): number | false {
  if (state.failed) return false;
  if (state.running) return LIMITS.jobPollIntervalMs;
  if (state.quality && state.quality.checked >= state.quality.designs) return false;
  return state.now < state.followUntil ? LIMITS.jobPollIntervalMs : false;
}

export const batchQualityQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: [...batchesQueryKey, 'quality', batchId],
    queryFn: () => callApi('getBatchQuality', { params: { id: batchId } }),
    staleTime: 0,
  });

/** The batch's quality counts, followed while it runs and for QUALITY_FOLLOW_MS after this page saw it stop (or after it finished). */
export function useBatchQuality(batch: Pick<Batch, 'id' | 'status' | 'finishedAt'>) {
  const running = batchIsRunning(batch);
  const [followUntil, setFollowUntil] = useState(() => (batch.finishedAt ? Date.parse(batch.finishedAt) + QUALITY_FOLLOW_MS : 0));
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) setFollowUntil(Date.now() + QUALITY_FOLLOW_MS);
    wasRunning.current = running;
  }, [running]);
  return useQuery({
    ...batchQualityQueryOptions(batch.id),
    refetchInterval: (query) =>
      qualityPollInterval({ running, followUntil, quality: query.state.data, failed: Boolean(query.state.error), now: Date.now() }),
  });
}
