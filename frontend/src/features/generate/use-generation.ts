import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CREDIT_COSTS } from '@printloom/contracts/plans';
import { errorText, hasErrorCode } from '../../lib/api-client';
import { track } from '../../lib/analytics';
import { refreshMe } from '../../lib/current-user';
import { createJob } from './api/create-job';
import { useJob } from './api/get-job';
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
 * Starts a job and polls it every 2 s until it succeeds or fails. The busy state
 * lasts from submit until the job reports a status; a running job survives a page reload. The screen
 * refreshes the library in `onSucceeded`.
 */
export function useGeneration(userId: string | undefined, callbacks: GenerationCallbacks) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(storedJobId);
  const [submitting, setSubmitting] = useState(false);
  const handlers = useRef(callbacks);
  handlers.current = callbacks;

  const jobQuery = useJob(jobId);
  const job = jobQuery.data?.job;
  const status = clientStatus(job?.status);

  const finished = useRef<string | null>(null);
  useEffect(() => {
    if (!job || finished.current === job.id) return;
    if (job.status !== 'succeeded' && job.status !== 'failed') return;
    finished.current = job.id;
    storeJobId(null);
    void refreshMe(queryClient);
    if (job.status === 'succeeded') {
      track('generation_completed', { user_id: userId, job_id: job.id, prompt: job.prompt, prompt_length: job.prompt.length });
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
        const reply = await createJob(prompt);
        track('generation_started', {
          user_id: userId,
          job_id: reply.jobId,
          prompt,
          prompt_length: prompt.length,
          credits: CREDIT_COSTS.generation,
        });
        storeJobId(reply.jobId);
        setJobId(reply.jobId);
        await refreshMe(queryClient);
      } catch (error) {
        setSubmitting(false);
        const message = errorText(error, 'Generation failed');
        if (hasErrorCode(error, 'INSUFFICIENT_CREDITS')) handlers.current.onInsufficientCredits(message);
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
