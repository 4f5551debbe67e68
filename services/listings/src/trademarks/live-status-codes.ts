/**
 * Which USPTO case-file status codes count as a live mark, for the importer (the header's
 * `status-code`; each classification has its own status too, which we ignore).
 *
 * Source: USPTO, "Status Codes Table 1" (published with the Trademark Applications Documentation,
 * v2.3-20250813, for the `trademark-applications-daily` XML). The table groups three-digit codes:
 *   600–629  abandoned applications (dead)
 *   630–699  pending applications: new, under examination, suspended, on appeal, published for
 *            opposition, notice of allowance issued (live)
 *   700–708  registered, including accepted/acknowledged Section 8, 15 and 71 filings (live)
 *   709–799  cancelled (Section 7, 8, 18, 24, 37, court order) and other ended registrations (dead)
 *   800–899  registered and renewed (live)
 *   900–999  expired (dead)
 *   000–599  legacy and record-keeping codes (treated as dead: nothing to flag)
 * Transcribed as ranges; check them against the table of the documentation version a new import
 * format brings before relying on a changed range.
 */
export const STATUS_CODE_SOURCE = 'USPTO Status Codes Table 1 (Trademark Applications Documentation v2.3-20250813)';

export const LIVE_STATUS_RANGES: readonly (readonly [number, number, string])[] = [
  [630, 699, 'pending application'],
  [700, 708, 'registered'],
  [800, 899, 'registered and renewed'],
];

export function isLiveStatus(code: string | number | undefined): boolean {
  const value = typeof code === 'number' ? code : Number.parseInt(code ?? '', 10);
  if (!Number.isInteger(value)) return false;
  return LIVE_STATUS_RANGES.some(([from, to]) => value >= from && value <= to);
}
