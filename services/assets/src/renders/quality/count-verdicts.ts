import type { BatchQuality, DesignQuality } from '@printloom/contracts';

/**
 * The quality verdicts of a collection's designs, counted: how many have a verdict yet, how many are
 * flagged, and the failed checks by name (a design can fail several), most frequent first, then by
 * name so that equal counts always come in one order.
 */
export function countVerdicts(designs: Array<{ id: string; quality: DesignQuality | null }>): BatchQuality {
  const byCheck = new Map<string, number>();
  const flaggedDesigns: BatchQuality['flaggedDesigns'] = [];
  let checked = 0;
  for (const { id, quality } of designs) {
    if (!quality) continue;
    checked += 1;
    if (quality.ok) continue;
    const failed = quality.checks.filter((check) => !check.ok);
    flaggedDesigns.push({ assetId: id, failed });
    for (const name of new Set(failed.map((check) => check.name))) byCheck.set(name, (byCheck.get(name) ?? 0) + 1);
  }
  return {
    designs: designs.length,
    checked,
    flagged: flaggedDesigns.length,
    byCheck: [...byCheck].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    flaggedAssetIds: flaggedDesigns.map((design) => design.assetId),
    flaggedDesigns,
  };
}
