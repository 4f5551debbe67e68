// How a bulk job reads on screen: its title, its progress in words, what it did once it is done.
import type { BulkAction } from '@printloom/contracts/bulk-jobs.schemas';
import { BULK_JOB_MESSAGES } from '@printloom/contracts/bulk-jobs';
import type { BulkJobView } from '../api/bulk-jobs';

type JobFacts = Pick<BulkJobView, 'action' | 'status' | 'designs' | 'processed' | 'error' | 'preset'>;

const designs = (count: number) => `${count} ${count === 1 ? 'design' : 'designs'}`;

const TITLE: Record<BulkAction, string> = {
  download: 'Download',
  export: 'Export',
  star: 'Star',
  unstar: 'Unstar',
  delete: 'Delete',
};

/** What the server is doing design by design, in the words of the progress sentence. */
const DOING: Record<BulkAction, string> = {
  download: 'Preparing',
  export: 'Preparing print files for',
  star: 'Starring',
  unstar: 'Unstarring',
  delete: 'Deleting',
};

const DONE: Record<BulkAction, (count: number) => string> = {
  download: (count) => `${designs(count)} saved as a ZIP.`,
  export: (count) => `${count} print ${count === 1 ? 'file' : 'files'} saved as a ZIP.`,
  star: (count) => `Starred ${designs(count)}.`,
  unstar: (count) => `Unstarred ${designs(count)}.`,
  delete: (count) => `Deleted ${designs(count)}.`,
};

/** "Download of 800 designs", "Export (tee-front) of 800 designs": names the job in its progress bar and panel. */
export function bulkJobTitle(job: Pick<JobFacts, 'action' | 'designs' | 'preset'>): string {
  return `${TITLE[job.action]}${job.preset ? ` (${job.preset})` : ''} of ${designs(job.designs)}`;
}

/**
 * The progress sentence: "Preparing 412 of 800 designs…" while it runs; once done what it did (a
 * download or export is done when its ZIP is saved: `saved`), or the server's reason when it failed.
 */
export function bulkJobText(job: JobFacts, saved = false): string {
  switch (job.status) {
    case 'queued':
      return `Waiting to start: ${designs(job.designs)}…`;
    case 'running':
      return `${DOING[job.action]} ${job.processed} of ${designs(job.designs)}…`;
    case 'failed':
      return job.error ?? BULK_JOB_MESSAGES.failed;
    case 'done':
      return bulkJobHasFile(job.action) && !saved ? `Saving the ZIP of ${designs(job.designs)}…` : DONE[job.action](job.designs);
  }
}

/** A done download or export found on opening the screen: its ZIP waits to be saved on request. */
export const bulkJobZipReadyText = (job: Pick<JobFacts, 'designs'>) => `The ZIP of ${designs(job.designs)} is ready.`;

/** Download and export jobs end in one ZIP to save; the others change the library. */
export const bulkJobHasFile = (action: BulkAction) => action === 'download' || action === 'export';

/** The file name to save under when the server names none. */
export const bulkJobFileName = (job: Pick<JobFacts, 'action' | 'preset'>) =>
  job.action === 'export' && job.preset ? `printloom-${job.preset}.zip` : 'printloom-designs.zip';
