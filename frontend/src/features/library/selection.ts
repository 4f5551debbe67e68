export interface Selection {
  ids: ReadonlySet<string>;
  /** Index of the last plain or shift click, the anchor of the next shift-click range. */
  anchor: number | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

/**
 * A click on the card at `index`: a plain click toggles it; a shift-click selects every card from the
 * last clicked one to this one.
 */
export function clickSelection(selection: Selection, orderedIds: readonly string[], index: number, shift: boolean): Selection {
  const id = orderedIds[index];
  if (id === undefined) return selection;
  const ids = new Set(selection.ids);
  if (shift && selection.anchor !== null && selection.anchor < orderedIds.length) {
    const [from, to] = selection.anchor < index ? [selection.anchor, index] : [index, selection.anchor];
    for (const rangeId of orderedIds.slice(from, to + 1)) ids.add(rangeId);
  } else if (ids.has(id)) {
    ids.delete(id);
  } else {
    ids.add(id);
  }
  return { ids, anchor: index };
}

/** Drop ids that are no longer in the gallery (deleted, filtered out). */
export function pruneSelection(selection: Selection, presentIds: readonly string[]): Selection {
  const present = new Set(presentIds);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return ids.size === selection.ids.size ? selection : { ids, anchor: null };
}

/** Bulk star: star every selected image, or unstar them all when every one is starred already. */
export function starTargets(selected: readonly { id: string; starred: boolean }[]): { ids: string[]; starring: boolean } {
  const unstarred = selected.filter((asset) => !asset.starred);
  if (unstarred.length > 0) return { ids: unstarred.map((asset) => asset.id), starring: true };
  return { ids: selected.map((asset) => asset.id), starring: false };
}

export function deleteConfirmation(count: number): string {
  return `Delete ${count} selected image(s)?`;
}
