import { Loader2 } from 'lucide-react';
import { REFUND_MESSAGES } from '@printloom/contracts/messages';
import { STATUS_DISPLAY, type ClientJobStatus } from './status';

/** `notice` says why a queued job waits (e.g. the daily image budget is used up). */
export function StatusStrip({ status, notice }: { status: ClientJobStatus; notice?: string | null }) {
  const display = STATUS_DISPLAY[status];
  return (
    <div
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
      role="status"
      aria-live="polite"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-semibold">
          <Loader2 className="size-4 animate-spin text-accent" aria-hidden />
          {display.label}
        </span>
        {display.seconds !== null && <span className="text-muted">about {display.seconds}s left</span>}
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={display.progress}
      >
        <div className="h-full rounded-full bg-brand-500 transition-all duration-700" style={{ width: `${display.progress}%` }} />
      </div>
      {notice && <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{notice}</p>}
    </div>
  );
}

export function FailedPanel({ error }: { error: string | null }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-700 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300"
    >
      <p className="font-semibold">Generation failed</p>
      <p className="mt-1 text-sm">{error || REFUND_MESSAGES.somethingWentWrong}</p>
    </div>
  );
}
