// Which of the seller's bulk jobs the progress panel shows again when the screen opens: the ones still
// moving, and those that settled in the last hour and were not dismissed (dismissals kept in this browser).
import { BULK_JOB } from '@printloom/contracts/bulk-jobs';
import { bulkJobIsOpen, type BulkJobView } from '../api/bulk-jobs';

/** A settled job found on opening the screen is shown this long after it finished. */
export const RESTORE_SETTLED_WITHIN_MS = 60 * 60 * 1000;
const DISMISSED_KEY = 'printloom.bulk-jobs.dismissed';
/** Job ids remembered as dismissed: more than the server ever lists (BULK_JOB.listed), so none reappears. */
const DISMISSED_KEPT = 100;
const DAY_MS = 86_400_000;

/** When a settled job finished: the server keeps it BULK_JOB.keptDays from then (its expiresAt). */
export function bulkJobSettledAt(job: Pick<BulkJobView, 'expiresAt'>): number | null {
  return job.expiresAt ? new Date(job.expiresAt).getTime() - BULK_JOB.keptDays * DAY_MS : null;
}

/** The listed jobs (newest first) to show again, oldest first like the jobs started on the screen. */
export function restorableBulkJobs(jobs: readonly BulkJobView[], dismissed: ReadonlySet<string>, now: number): BulkJobView[] {
  return jobs
    .filter((job) => {
      if (dismissed.has(job.id)) return false;
      if (bulkJobIsOpen(job.status)) return true;
      const settledAt = bulkJobSettledAt(job);
      return settledAt !== null && now - settledAt <= RESTORE_SETTLED_WITHIN_MS;
    })
    .reverse();
}

export function readDismissedBulkJobs(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissedBulkJob(jobId: string): void {
  const ids = [...readDismissedBulkJobs()].filter((id) => id !== jobId);
  try {
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...ids, jobId].slice(-DISMISSED_KEPT)));
  } catch {
    // Storage full or blocked: the job is dismissed for this visit only.
  }
}
