import type { JobStatus } from '@printloom/contracts';

/** A generation job as the service works with it (the repository maps rows to this). */
export interface StoredJob {
  id: string;
  userId: string;
  prompt: string;
  dark: boolean;
  transparent: boolean;
  priorityTier: number;
  status: JobStatus;
  error: string | null;
  reservationId: string | null;
  attempts: number;
  notice: string | null;
  /** The collection row the job was made for (read by `find`): assets records the design's collection at ingest. */
  batch?: { id: string; position: number } | null;
}

/** What the data export keeps of a job. */
export interface ExportedJob {
  id: string;
  prompt: string;
  status: string;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}
