import type { Plan } from '@printloom/contracts';

/** An upgrade costs more a month and takes effect at once; a downgrade waits for the next renewal. */
export function isUpgrade(from: Plan, to: Plan): boolean {
  return to.priceCents > from.priceCents;
}

/**
 * Credits follow money on an upgrade: the difference in monthly credits, prorated by the share of the
 * period still to run, whole credits only (rounded down).
 */
export function proratedUpgradeCredits(from: Plan, to: Plan, period: { start: Date; end: Date }, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0 || !isUpgrade(from, to)) return 0;
  const left = Math.min(Math.max(period.end.getTime() - now.getTime(), 0), length);
  return Math.max(0, Math.floor(((to.credits - from.credits) * left) / length));
}
