import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api-client';
import { toast } from '../../components/ui/toast';
import { bulkJobQueryKey, createBulkJob, type BulkJobRequest } from './api/bulk-jobs';

/**
 * The bulk jobs started on this screen, newest last: `start` asks the server for one (its refusal, e.g.
 * 429 for too many open jobs, shown as the server says it) and answers whether it was accepted.
 */
export function useBulkJobs() {
  const queryClient = useQueryClient();
  const [jobIds, setJobIds] = useState<readonly string[]>([]);

  const start = useCallback(
    async (request: BulkJobRequest) => {
      try {
        const reply = await createBulkJob(request);
        queryClient.setQueryData(bulkJobQueryKey(reply.job.id), reply);
        setJobIds((current) => [...current, reply.job.id]);
        return true;
      } catch (error) {
        toast({ title: 'Could not start', description: errorText(error, 'The action could not be started.'), variant: 'destructive' });
        return false;
      }
    },
    [queryClient],
  );

  const dismiss = useCallback((jobId: string) => setJobIds((current) => current.filter((id) => id !== jobId)), []);

  return { jobIds, start, dismiss };
}
