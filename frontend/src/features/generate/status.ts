export type ClientJobStatus = 'idle' | 'queued' | 'generating' | 'processing' | 'ready' | 'failed';

/** What the status strip shows for each job status: its label, progress and the seconds left it announces. */
export const STATUS_DISPLAY: Record<ClientJobStatus, { label: string; progress: number; seconds: number | null }> = {
  idle: { label: 'Ready to generate', progress: 0, seconds: null },
  queued: { label: 'Queued', progress: 10, seconds: 15 },
  generating: { label: 'Generating images', progress: 40, seconds: 10 },
  processing: { label: 'Processing', progress: 70, seconds: 5 },
  ready: { label: 'Ready', progress: 100, seconds: null },
  failed: { label: 'Failed', progress: 0, seconds: null },
};

/** The suffixes the client appends to the prompt on submit (white background, outline). */
export function withSuffixes(prompt: string, options: { whiteBackground: boolean; outline: boolean }): string {
  let result = prompt.trim();
  if (options.whiteBackground && !/white background/i.test(result)) result += ', on white background';
  if (options.outline && !/sticker/i.test(result)) result += ', sticker';
  return result;
}

/** What the status strip shows for a job status (the server's 'succeeded' is the client's 'ready'). */
export function clientStatus(status: string | undefined): ClientJobStatus {
  if (!status) return 'idle';
  if (status === 'succeeded') return 'ready';
  return status in STATUS_DISPLAY ? (status as ClientJobStatus) : 'idle';
}

export const RUNNING_STATUSES: readonly ClientJobStatus[] = ['queued', 'generating', 'processing'];
