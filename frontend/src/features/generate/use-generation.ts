import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@printloom/contracts/generation.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { CREDIT_COSTS } from '@printloom/contracts/plans';
import { apiRequest, errorText } from '../../lib/api';
import { track } from '../analytics/data-layer';
import { meQueryKey } from '../auth/use-me';
import { assetsQueryRoot } from './use-asset-actions';
import { RUNNING_STATUSES, clientStatus } from './status';

const ACTIVE_JOB_KEY = 'active-job';

function storedJobId(): string | null {
  try {
    return sessionStorage.getItem(ACTIVE_JOB_KEY);
  } catch {
    return null;
  }
}

function storeJobId(jobId: string | null) {
  try {
    if (jobId) sessionStorage.setItem(ACTIVE_JOB_KEY, jobId);
    else sessionStorage.removeItem(ACTIVE_JOB_KEY);
  } catch {
    // the strip just will not survive a reload
  }
}

export interface GenerationCallbacks {
  onSucceeded: () => void;
  onInsufficientCredits: (message: string) => void;
  onError: (message: string) => void;
}

/**
 * Starts a job and polls it every 2 s until it succeeds or fails (spec section 4). The busy state
 * lasts from submit until the job reports a status; a running job survives a page reload.
 */
export function useGeneration(userId: string | undefined, callbacks: GenerationCallbacks) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(storedJobId);
  const [submitting, setSubmitting] = useState(false);
  const handlers = useRef(callbacks);
  handlers.current = callbacks;

  const jobQuery = useQuery<{ job: Job }>({
    queryKey: ['/api/jobs', jobId ?? ''],
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (['succeeded', 'failed'].includes(query.state.data?.job.status ?? '') || query.state.error ? false : LIMITS.jobPollIntervalMs),
  });
  const job = jobQuery.data?.job;
  const status = clientStatus(job?.status);

  const finished = useRef<string | null>(null);
  useEffect(() => {
    if (!job || finished.current === job.id) return;
    if (job.status !== 'succeeded' && job.status !== 'failed') return;
    finished.current = job.id;
    storeJobId(null);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    if (job.status === 'succeeded') {
      track('generation_completed', { user_id: userId, job_id: job.id, prompt: job.prompt, prompt_length: job.prompt.length });
      void queryClient.invalidateQueries({ queryKey: assetsQueryRoot });
      handlers.current.onSucceeded();
    }
  }, [job, queryClient, userId]);

  useEffect(() => {
    if (jobQuery.isError) storeJobId(null);
  }, [jobQuery.isError]);

  const generate = useCallback(
    async (prompt: string) => {
      setSubmitting(true);
      try {
        const reply = await apiRequest<{ jobId: string }>('POST', '/api/generate', { prompt, options: { transparent: true, dark: false } });
        track('generation_started', { user_id: userId, job_id: reply.jobId, prompt, prompt_length: prompt.length, credits: CREDIT_COSTS.generation });
        storeJobId(reply.jobId);
        setJobId(reply.jobId);
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
      } catch (error) {
        setSubmitting(false);
        const message = errorText(error, 'Generation failed');
        if (message.includes('Insufficient credits')) handlers.current.onInsufficientCredits(message);
        else handlers.current.onError(message);
      }
    },
    [queryClient, userId],
  );

  useEffect(() => {
    if (job || jobQuery.isError) setSubmitting(false);
  }, [job, jobQuery.isError]);

  const running = RUNNING_STATUSES.includes(status) && jobId !== null;
  return { job, status, running, busy: submitting || running, generate };
}
