import { describe, expect, it } from 'vitest';
import { LIMITS } from '@printloom/contracts/limits';
import {
  batchSelection,
  clickSelection,
  collectionJobBatchId,
  collectionStarAction,
  deleteConfirmation,
  emptySelection,
  pruneSelection,
  starTargets,
  unloadedIds,
} from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('gallery selection', () => {
  it('toggles a card on plain clicks', () => {
    const once = clickSelection(emptySelection, ids, 1, false);
    expect([...once.ids]).toEqual(['b']);
    expect([...clickSelection(once, ids, 1, false).ids]).toEqual([]);
  });

  it('selects the range from the last clicked card on shift-click, in either direction', () => {
    const anchored = clickSelection(emptySelection, ids, 1, false);
    expect([...clickSelection(anchored, ids, 3, true).ids].sort()).toEqual(['b', 'c', 'd']);
    const backwards = clickSelection(clickSelection(emptySelection, ids, 4, false), ids, 2, true);
    expect([...backwards.ids].sort()).toEqual(['c', 'd', 'e']);
  });

  it('treats a shift-click without an anchor as a plain click, and ignores unknown indexes', () => {
    expect([...clickSelection(emptySelection, ids, 2, true).ids]).toEqual(['c']);
    expect(clickSelection(emptySelection, ids, 9, false)).toBe(emptySelection);
  });

  it('selects every design of a batch and keeps them while the gallery has not loaded them all', () => {
    const batch = batchSelection('batch-1', ['a', 'b', 'x', 'y']);
    expect(batch.batchId).toBe('batch-1');
    expect(pruneSelection(batch, ['a', 'b'])).toBe(batch);
    expect(unloadedIds(batch, ids)).toEqual(['x', 'y']);
    const clicked = clickSelection(batch, ids, 0, false);
    expect(clicked.batchId).toBeNull();
    expect([...pruneSelection(clicked, ids).ids]).toEqual(['b']);
  });

  it('drops ids that left the gallery', () => {
    const selected = clickSelection(clickSelection(emptySelection, ids, 0, false), ids, 2, true);
    expect([...pruneSelection(selected, ['a', 'c']).ids].sort()).toEqual(['a', 'c']);
    expect(pruneSelection(selected, ids)).toBe(selected);
  });

  it('bulk star stars the unstarred ones, or unstars all when every one is starred', () => {
    expect(
      starTargets([
        { id: 'a', starred: true },
        { id: 'b', starred: false },
      ]),
    ).toEqual({ ids: ['b'], starring: true });
    expect(
      starTargets([
        { id: 'a', starred: true },
        { id: 'b', starred: true },
      ]),
    ).toEqual({ ids: ['a', 'b'], starring: false });
  });

  it('asks before a bulk delete with the spec text', () => {
    expect(deleteConfirmation(3)).toBe('Delete 3 selected image(s)?');
  });
});

describe('bulk actions on a whole collection', () => {
  const many = Array.from({ length: LIMITS.bulkMaxIds + 1 }, (_, n) => `id-${n}`);

  it('take the batch id when the selection is every design of a collection above the bulk limit, unfiltered', () => {
    expect(collectionJobBatchId(batchSelection('batch-1', many), false)).toBe('batch-1');
  });

  it('take the ids as usual up to the bulk limit, when a filter narrowed it, or for a hand-made selection', () => {
    expect(collectionJobBatchId(batchSelection('batch-1', many.slice(0, LIMITS.bulkMaxIds)), false)).toBeNull();
    expect(collectionJobBatchId(batchSelection('batch-1', many), true)).toBeNull();
    expect(collectionJobBatchId({ ids: new Set(many), anchor: null, batchId: null }, false)).toBeNull();
  });

  it("star the collection unless every loaded design is starred already (starTargets' rule), then unstar it", () => {
    expect(
      collectionStarAction([
        { id: 'a', starred: true },
        { id: 'b', starred: false },
      ]),
    ).toBe('star');
    expect(
      collectionStarAction([
        { id: 'a', starred: true },
        { id: 'b', starred: true },
      ]),
    ).toBe('unstar');
    expect(collectionStarAction([])).toBe('star');
  });
});
