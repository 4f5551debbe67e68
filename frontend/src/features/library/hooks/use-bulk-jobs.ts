import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';
import { useRecentProof } from '../../../components/reauth/RecentProof';
import { ProofDeclined } from '../../../lib/recent-proof';
import { bulkJobQueryKey, bulkJobsQueryOptions, createBulkJob, type BulkJobRequest } from '../api/bulk-jobs';
import { readDismissedBulkJobs, rememberDismissedBulkJob, restorableBulkJobs } from './bulk-job-restore';

/** A job in the progress panel; `autoSave`: its ZIP is saved once done (only for a job started on this screen). */
export interface ShownBulkJob {
  id: string;
  autoSave: boolean;
}

/**
 * The bulk jobs of the progress panel, oldest first: those found when the screen opened (still moving,
 * or settled in the last hour and not dismissed), then those started here. `start` asks the server for
 * one (its refusal, e.g. 429 for too many open jobs, shown as the server says it; a missing recent proof
 * asked for, then the job started) and answers whether it was accepted; `dismiss` hides a settled job for good in this browser.
 */
export function useBulkJobs() {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<readonly string[]>([]);
  const [dismissed, setDismissed] = useState(readDismissedBulkJobs);
  // The jobs found on opening, fixed at the first answer: a job started later is never taken as found.
  const [found, setFound] = useState<readonly string[] | null>(null);
  const { data: listed } = useQuery({ ...bulkJobsQueryOptions(), enabled: found === null });

  useEffect(() => {
    if (found !== null || !listed) return;
    const restored = restorableBulkJobs(listed, dismissed, Date.now());
    for (const job of restored) queryClient.setQueryData(bulkJobQueryKey(job.id), { job });
    setFound(restored.map((job) => job.id));
  }, [found, listed, dismissed, queryClient]);

  const withProof = useRecentProof();
  const start = useCallback(
    async (request: BulkJobRequest) => {
      try {
        // A whole collection's delete, download or export (and a delete of many designs) asks "Confirm it's you" first.
        const reply = await withProof(`${request.action} these designs`, () => createBulkJob(request));
        queryClient.setQueryData(bulkJobQueryKey(reply.job.id), reply);
        setStarted((current) => [...current, reply.job.id]);
        return true;
      } catch (error) {
        if (error instanceof ProofDeclined) return false;
        toast({ title: 'Could not start', description: errorText(error, 'The action could not be started.'), variant: 'destructive' });
        return false;
      }
    },
    [queryClient, withProof],
  );

  const dismiss = useCallback((jobId: string) => {
    rememberDismissedBulkJob(jobId);
    setDismissed((current) => new Set([...current, jobId]));
    setStarted((current) => current.filter((id) => id !== jobId));
  }, []);

  const jobs: ShownBulkJob[] = [
    ...(found ?? []).filter((id) => !started.includes(id)).map((id) => ({ id, autoSave: false })),
    ...started.map((id) => ({ id, autoSave: true })),
  ].filter((job) => !dismissed.has(job.id));

  return { jobs, start, dismiss };
}
