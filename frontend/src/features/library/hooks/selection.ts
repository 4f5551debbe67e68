import { LIMITS } from '@printloom/contracts/limits';

export interface Selection {
  ids: ReadonlySet<string>;
  /** Index of the last plain or shift click, the anchor of the next shift-click range. */
  anchor: number | null;
  /**
   * Set when the selection is every design of a batch ("select all designs of this batch"): its ids
   * come from the batch, not from the cards loaded, so they stay selected while the gallery loads them.
   */
  batchId?: string | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null, batchId: null };

/** Every design of a batch, selected at once. */
export function batchSelection(batchId: string, assetIds: readonly string[]): Selection {
  return { ids: new Set(assetIds), anchor: null, batchId };
}

/** The selected ids the gallery has not loaded yet (a batch selection's designs further down the library). */
export function unloadedIds(selection: Selection, presentIds: readonly string[]): string[] {
  const present = new Set(presentIds);
  return [...selection.ids].filter((id) => !present.has(id));
}

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
  return { ids, anchor: index, batchId: null };
}

/** Drop ids that are no longer in the gallery (deleted, filtered out); a batch's selection is kept whole. */
export function pruneSelection(selection: Selection, presentIds: readonly string[]): Selection {
  if (selection.batchId) return selection;
  const present = new Set(presentIds);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return ids.size === selection.ids.size ? selection : { ids, anchor: null, batchId: null };
}

/** Bulk star: star every selected image, or unstar them all when every one is starred already. */
export function starTargets(selected: readonly { id: string; starred: boolean }[]): { ids: string[]; starring: boolean } {
  const unstarred = selected.filter((asset) => !asset.starred);
  if (unstarred.length > 0) return { ids: unstarred.map((asset) => asset.id), starring: true };
  return { ids: selected.map((asset) => asset.id), starring: false };
}

/**
 * The collection a bulk action runs on as a server-side job, named by its batch id: when the selection is
 * every design of a collection (no search or filter narrowed it) and holds more than one request takes.
 * Null when the action takes the selected ids as usual.
 */
export function collectionJobBatchId(selection: Selection, filtered: boolean): string | null {
  if (!selection.batchId || filtered || selection.ids.size <= LIMITS.bulkMaxIds) return null;
  return selection.batchId;
}

/** A collection's bulk star, by starTargets' rule over the designs loaded: unstar when every one of them is starred. */
export function collectionStarAction(loaded: readonly { id: string; starred: boolean }[]): 'star' | 'unstar' {
  return loaded.length > 0 && !starTargets(loaded).starring ? 'unstar' : 'star';
}

export function deleteConfirmation(count: number): string {
  return `Delete ${count} selected image(s)?`;
}
