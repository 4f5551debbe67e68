import type { Rollover } from '@printloom/contracts';

/** Credits carried into the next period: the plan's share of what is unused, capped, whole credits only. */
export function rolloverCredits(unused: number, rollover: Rollover | null): number {
  if (!rollover || unused <= 0) return 0;
  return Math.min(rollover.max, Math.floor(unused * rollover.share));
}

/** Takes `amount` from lots already ordered by spend priority; what each lot gives. */
export function allocate(lots: Array<{ id: string; remaining: number }>, amount: number): Array<{ lotId: string; amount: number }> | null {
  const parts: Array<{ lotId: string; amount: number }> = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    if (take > 0) parts.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? parts : null;
}

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28/29). */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
