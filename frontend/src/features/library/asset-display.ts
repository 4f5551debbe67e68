import { LIMITS } from '@printloom/contracts/limits';

/** Days left before an asset expires; the red badge shows at 7 or fewer. */
export function daysLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 86400_000));
}

/** The red card badge: only when the expiry warning window (7 days) has begun. */
export function expiryBadge(expiresAt: string, now = Date.now()): string | null {
  const days = daysLeft(expiresAt, now);
  return days <= LIMITS.expiryWarningDays ? `Expires in ${days} day(s)` : null;
}

/** The transparent-image backdrop: light for designs made for white garments, dark otherwise. */
export function tileClass(prompt: string): 'checkerboard' | 'checkerboard-dark' {
  return /white (background|shirt|tee|garment)/i.test(prompt) ? 'checkerboard' : 'checkerboard-dark';
}
