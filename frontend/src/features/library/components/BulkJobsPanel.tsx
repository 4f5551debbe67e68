import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { errorText } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { bulkJobIsOpen, useBulkJob, type BulkJobView } from '../api/bulk-jobs';
import { libraryQueryKey } from '../api/list-assets';
import { bulkJobFileName, bulkJobHasFile, bulkJobText, bulkJobTitle, bulkJobZipReadyText } from './bulk-job-display';
import type { ShownBulkJob } from '../hooks/use-bulk-jobs';

type Saving = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; message: string };

/**
 * What a done job leaves to do here: a download or export started on this screen saves its ZIP (once;
 * again on request), one found on opening the screen only offers it; a star, unstar or delete reloads
 * the library it changed.
 */
function useJobOutcome(job: BulkJobView | undefined, autoSave: boolean) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const handled = useRef(false);

  const save = useCallback(async (done: BulkJobView) => {
    if (!done.downloadUrl) return;
    setSaving({ state: 'saving' });
    try {
      await saveFile(done.downloadUrl, bulkJobFileName(done));
      setSaving({ state: 'saved' });
    } catch (error) {
      setSaving({ state: 'failed', message: errorText(error, 'The ZIP could not be downloaded. Please try again.') });
    }
  }, []);

  useEffect(() => {
    if (job?.status !== 'done' || handled.current) return;
    handled.current = true;
    if (bulkJobHasFile(job.action)) {
      if (autoSave) void save(job);
    } else void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
  }, [job, autoSave, queryClient, save]);

  return { saving, save };
}

/** One bulk job: its progress bar and sentence (a polite live region), the server's reason when it failed, its ZIP once done. */
export function BulkJobProgress({ jobId, autoSave, onDismiss }: { jobId: string; autoSave: boolean; onDismiss: () => void }) {
  const titleId = useId();
  const { data: job, error } = useBulkJob(jobId);
  const { saving, save } = useJobOutcome(job, autoSave);
  if (!job)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(error, 'This job could not be read.')}
      </p>
    );

  const title = bulkJobTitle(job);
  const open = bulkJobIsOpen(job.status);
  const failure =
    job.status === 'failed' ? bulkJobText(job) : saving.state === 'failed' ? saving.message : error ? errorText(error, '') : '';
  const hasZip = job.status === 'done' && bulkJobHasFile(job.action);
  const zipOffered = hasZip && !autoSave && saving.state === 'idle';
  const sentence = job.status === 'failed' ? '' : zipOffered ? bulkJobZipReadyText(job) : bulkJobText(job, saving.state === 'saved');
  const processed = job.status === 'done' ? job.designs : job.processed;
  const percent = job.designs === 0 ? 100 : Math.round((processed / job.designs) * 100);
  return (
    <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between gap-2">
        <p id={titleId} className="font-semibold">
          {title}
        </p>
        {!open && (
          <button
            type="button"
            aria-label={`Dismiss: ${title}`}
            onClick={onDismiss}
            className="rounded p-1 text-muted hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={job.designs}
        aria-valuenow={processed}
        aria-valuetext={sentence || failure}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', job.status === 'failed' ? 'bg-danger-solid' : 'bg-accent-solid')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p role="status" aria-live="polite" className="tabular-nums text-muted">
        {sentence}
      </p>
      {failure && (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      )}
      {hasZip && (zipOffered || saving.state === 'saved' || saving.state === 'failed') && (
        <Button size="sm" variant="outline" onClick={() => void save(job)}>
          <Download className="size-4" aria-hidden />{' '}
          {saving.state === 'failed' ? 'Try the download again' : zipOffered ? 'Save the ZIP' : 'Save the ZIP again'}
        </Button>
      )}
    </div>
  );
}

/** The bulk jobs of the library, under its toolbar, each until the seller dismisses it once it settled. */
export function BulkJobsPanel({ jobs, onDismiss }: { jobs: readonly ShownBulkJob[]; onDismiss: (jobId: string) => void }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-label="Bulk actions" className="space-y-2">
      {jobs.map((job) => (
        <BulkJobProgress key={job.id} jobId={job.id} autoSave={job.autoSave} onDismiss={() => onDismiss(job.id)} />
      ))}
    </section>
  );
}
