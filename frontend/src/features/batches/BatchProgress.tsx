import type { BatchCounts } from '@printloom/contracts/batches.schemas';
import { progressPercent, progressText, settledRows } from './batch-display';

/** A batch's progress bar; `announce` makes its sentence a polite live region (one per page). */
export function BatchProgress({ counts, label, announce = false }: { counts: BatchCounts; label: string; announce?: boolean }) {
  const percent = progressPercent(counts);
  const text = progressText(counts);
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={settledRows(counts)}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-accent-solid transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm tabular-nums text-muted" {...(announce ? { role: 'status', 'aria-live': 'polite' as const } : {})}>
        {text}
      </p>
    </div>
  );
}
