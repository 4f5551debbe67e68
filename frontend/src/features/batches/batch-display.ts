// How a batch reads on screen: its name, the label of each row status, its progress in words.
import type { BatchCounts, BatchRowStatus, BatchStatus, BatchStopReason } from '@printloom/contracts/batches.schemas';
import { IMAGES_PER_GENERATION } from '@printloom/contracts/plans';

export const ROW_STATUS_LABEL: Record<BatchRowStatus, string> = {
  waiting: 'Waiting its turn',
  queued: 'Queued',
  generating: 'Generating',
  processing: 'Processing',
  succeeded: 'Done',
  failed: 'Failed, refunded',
  cancelled: 'Cancelled, refunded',
};

export const BATCH_STATUS_LABEL: Record<BatchStatus, string> = {
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** A batch that stopped by itself says why, in place of its status. */
export const BATCH_STOP_REASON_LABEL: Record<BatchStopReason, string> = {
  payment_reversed: 'Stopped: a payment was reversed',
};

/** The status a batch shows: why it stopped when it stopped by itself, its status otherwise. */
export const batchStatusText = (batch: { status: BatchStatus; stopReason: BatchStopReason | null }) =>
  batch.stopReason ? BATCH_STOP_REASON_LABEL[batch.stopReason] : BATCH_STATUS_LABEL[batch.status];

/** Rows that will not change any more. */
export const settledRows = (counts: BatchCounts) => counts.succeeded + counts.failed + counts.cancelled;

/** 0–100, by rows settled. */
export const progressPercent = (counts: BatchCounts) => (counts.total === 0 ? 100 : Math.round((settledRows(counts) / counts.total) * 100));

/** The progress sentence a screen reader hears when it changes, e.g. "3 of 5 designs done, 1 failed". */
export function progressText(counts: BatchCounts): string {
  const parts = [`${settledRows(counts)} of ${counts.total} ${counts.total === 1 ? 'row' : 'rows'} done`];
  if (counts.working > 0) parts.push(`${counts.working} in progress`);
  if (counts.waiting > 0) parts.push(`${counts.waiting} waiting`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`);
  return parts.join(', ');
}

/** A batch's name: its seller's, or the one the server made up from its template and values. */
export const batchName = (batch: { name: string }) => batch.name;

/**
 * What the whole-collection actions act on. Finished: the designs in the library. While it runs: nothing
 * yet, and the note says what they will do when it ends (the designs its rows still on course will make),
 * never "0 designs".
 */
export function collectionActionScope(
  batch: { status: BatchStatus; counts: BatchCounts },
  designs: number,
): { ready: boolean; designs: number; note: string | null } {
  if (batch.status === 'running') {
    const expected = (batch.counts.total - batch.counts.failed - batch.counts.cancelled) * IMAGES_PER_GENERATION;
    return {
      ready: false,
      designs,
      note: `When the collection ends, these act on all of its designs (${expected} expected, ${designs} made so far): prepare their listings and kit, create their Printify drafts, or download them.`,
    };
  }
  if (designs === 0) return { ready: false, designs, note: 'This collection has no designs in your library.' };
  return { ready: true, designs, note: null };
}
