import type { BatchCounts, BatchRowStatus, BatchStatus, BatchStopReason, JobStatus } from '@printloom/contracts';

/** A row to be written with its batch: its job id is chosen now, so feeding it twice finds one job. */
export interface NewBatchRow {
  id: string;
  position: number;
  prompt: string;
  dark: boolean;
  transparent: boolean;
  jobId: string;
}

export interface NewBatch {
  id: string;
  userId: string;
  source: 'template' | 'csv';
  template: string | null;
  /** The collection's name (null: made up from the template when read). */
  name: string | null;
  priorityTier: number;
  reservationId: string;
}

export interface StoredBatch {
  id: string;
  userId: string;
  source: 'template' | 'csv';
  template: string | null;
  name: string | null;
  status: BatchStatus;
  /** Why it stopped by itself; null when it ran to the end or its seller cancelled it. */
  stopReason: BatchStopReason | null;
  reservationId: string;
  createdAt: Date;
  finishedAt: Date | null;
  counts: BatchCounts;
}

/** A row as its owner sees it: a fed row shows its job's status. */
export interface StoredBatchRow {
  id: string;
  position: number;
  prompt: string;
  status: BatchRowStatus;
  jobId: string | null;
  assetIds: string[];
  /** Its job's error (a fed row that failed). */
  jobError: string | null;
  dark: boolean;
  transparent: boolean;
}

/** A waiting row the feeder may turn into a job now. */
export interface FeedableRow {
  id: string;
  userId: string;
  batchId: string;
  prompt: string;
  dark: boolean;
  transparent: boolean;
  jobId: string;
  reservationId: string;
  /** When this user's last row was fed (null: never): the least recently served user goes first. */
  lastFedAt: Date | null;
}

export type RowJobStatus = JobStatus | null;
