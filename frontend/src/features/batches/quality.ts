// The quality verdict a design carries once its checks ran (`quality: { ok, checks }`, issue 31): read
// without assuming it is there, since a design's verdict follows the design and older designs have none.
export interface QualityCheck {
  name: string;
  ok: boolean;
  detail?: string;
}
export interface QualityVerdict {
  ok: boolean;
  checks: QualityCheck[];
}

export function qualityOf(asset: object): QualityVerdict | null {
  const quality = (asset as { quality?: unknown }).quality;
  if (typeof quality !== 'object' || quality === null || typeof (quality as { ok?: unknown }).ok !== 'boolean') return null;
  const checks = (quality as { checks?: unknown }).checks;
  return { ok: (quality as { ok: boolean }).ok, checks: Array.isArray(checks) ? (checks as QualityCheck[]) : [] };
}

export interface FlaggedCounts {
  /** Designs whose verdict is in. */
  checked: number;
  /** Designs with a failed check. */
  flagged: number;
  /** How many designs failed each check, by the check's name. */
  byCheck: Array<{ name: string; count: number }>;
}

/** The verdicts of these designs counted; null when none of them has one (yet, or the server gives none). */
export function flaggedCounts(assets: readonly object[]): FlaggedCounts | null {
  const verdicts = assets.map(qualityOf).filter((verdict): verdict is QualityVerdict => verdict !== null);
  if (verdicts.length === 0) return null;
  const byCheck = new Map<string, number>();
  for (const verdict of verdicts)
    for (const check of verdict.checks) if (!check.ok) byCheck.set(check.name, (byCheck.get(check.name) ?? 0) + 1);
  return {
    checked: verdicts.length,
    flagged: verdicts.filter((verdict) => !verdict.ok).length,
    byCheck: [...byCheck].map(([name, count]) => ({ name, count })),
  };
}

/**
 * The rows "Redo the flagged ones" makes again, by the server's rule: of each prompt and options only
 * the last row counts (an earlier one was redone already), and it is redone when any of its designs is
 * flagged. One credit each: a row is one job, whatever number of designs it makes.
 */
export function rowsToRedo<Row extends { prompt: string; dark: boolean; transparent: boolean; assetIds: readonly string[] }>(
  rows: readonly Row[],
  flaggedIds: ReadonlySet<string>,
): Row[] {
  const latest = new Map<string, Row>();
  for (const row of rows) latest.set(JSON.stringify([row.prompt, row.dark, row.transparent]), row);
  return [...latest.values()].filter((row) => row.assetIds.some((id) => flaggedIds.has(id)));
}
