// "Redo the flagged ones" (issue 31): which rows of a batch it makes again.

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
