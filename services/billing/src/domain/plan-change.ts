import type { Plan } from '@printloom/contracts';

/** An upgrade costs more a month and takes effect at once; a downgrade waits for the next renewal. */
export function isUpgrade(from: Plan, to: Plan): boolean {
  return to.priceCents > from.priceCents;
}

/**
 * What an upgrade costs now, as Stripe prorates it (`proration_behavior: always_invoice`): the new
 * plan's price for the share of the period still to run, less the old plan's for the same share,
 * rounded to the cent. The local checkout charges this; the credits are what it buys (`creditsPaidFor`).
 */
export function proratedUpgradeCents(from: Plan, to: Plan, period: { start: Date; end: Date }, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0 || !isUpgrade(from, to)) return 0;
  const left = Math.min(Math.max(period.end.getTime() - now.getTime(), 0), length);
  return Math.max(0, Math.round(((to.priceCents - from.priceCents) * left) / length));
}
