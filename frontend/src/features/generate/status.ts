import { LIMITS } from '@printloom/contracts/limits';

export type ClientJobStatus = 'idle' | 'queued' | 'generating' | 'processing' | 'ready' | 'failed';

/** The status strip table of spec section 4. */
export const STATUS_DISPLAY: Record<ClientJobStatus, { label: string; progress: number; seconds: number | null }> = {
  idle: { label: 'Ready to generate', progress: 0, seconds: null },
  queued: { label: 'Queued', progress: 10, seconds: 15 },
  generating: { label: 'Generating images', progress: 40, seconds: 10 },
  processing: { label: 'Processing', progress: 70, seconds: 5 },
  ready: { label: 'Ready', progress: 100, seconds: null },
  failed: { label: 'Failed', progress: 0, seconds: null },
};

/** The suffixes the client appends on submit (spec section 5). */
export function withSuffixes(prompt: string, options: { whiteBackground: boolean; outline: boolean }): string {
  let result = prompt.trim();
  if (options.whiteBackground && !/white background/i.test(result)) result += ', on white background';
  if (options.outline && !/sticker/i.test(result)) result += ', sticker';
  return result;
}

/** Days left before an asset expires; the red badge shows at 7 or fewer. */
export function daysLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 86400_000));
}

/** The red card badge: only when the expiry warning window (7 days) has begun. */
export function expiryBadge(expiresAt: string, now = Date.now()): string | null {
  const days = daysLeft(expiresAt, now);
  return days <= LIMITS.expiryWarningDays ? `Expires in ${days} day(s)` : null;
}

/** What the status strip shows for a job status (the server's 'succeeded' is the client's 'ready'). */
export function clientStatus(status: string | undefined): ClientJobStatus {
  if (!status) return 'idle';
  if (status === 'succeeded') return 'ready';
  return status in STATUS_DISPLAY ? (status as ClientJobStatus) : 'idle';
}

export const RUNNING_STATUSES: readonly ClientJobStatus[] = ['queued', 'generating', 'processing'];

/** The transparent-image backdrop: light for designs made for white garments, dark otherwise. */
export function tileClass(prompt: string): 'checkerboard' | 'checkerboard-dark' {
  return /white (background|shirt|tee|garment)/i.test(prompt) ? 'checkerboard' : 'checkerboard-dark';
}
