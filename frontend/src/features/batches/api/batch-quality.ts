// A collection's quality counts (issue 31): every design's verdict, counted by the server (not only the
// designs the library has loaded), asked again while the batch runs and a little after it stops.
import { useEffect, useRef, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchQuality } from '@printloom/contracts/bulk-jobs.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { callApi } from '../../../lib/api-client';
import { batchesQueryKey, batchIsRunning, type Batch } from './batches';

export type { BatchQuality };

/**
 * A design's verdict follows it by a few seconds (longer on a busy machine): after the batch stopped, the
 * counts are asked again until no new verdict came for this long.
 */
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

/**
 * The batch's quality counts: followed while it runs, then as long as new verdicts keep coming (each
 * one, and the batch stopping under this page's eyes, gives QUALITY_FOLLOW_MS more).
 */
export function useBatchQuality(batch: Pick<Batch, 'id' | 'status' | 'finishedAt'>) {
  const running = batchIsRunning(batch);
  const [followUntil, setFollowUntil] = useState(() => Date.now() + QUALITY_FOLLOW_MS);
  const query = useQuery({
    ...batchQualityQueryOptions(batch.id),
    refetchInterval: (current) =>
      qualityPollInterval({ running, followUntil, quality: current.state.data, failed: Boolean(current.state.error), now: Date.now() }),
  });
  const checked = query.data?.checked;
  const seen = useRef({ running, checked });
  useEffect(() => {
    const stopped = seen.current.running && !running;
    const moreChecked = checked !== undefined && seen.current.checked !== undefined && checked > seen.current.checked;
    if (stopped || moreChecked) setFollowUntil(Date.now() + QUALITY_FOLLOW_MS);
    seen.current = { running, checked };
  }, [running, checked]);
  return query;
}
