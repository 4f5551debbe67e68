import { describe, expect, it } from 'vitest';
import { collectionActionScope, progressPercent, progressText } from './batch-display';

const counts = { total: 5, waiting: 1, working: 1, succeeded: 2, failed: 1, cancelled: 0 };

describe('batch progress', () => {
  it('counts settled rows (done, failed, cancelled) against the total', () => {
    expect(progressPercent(counts)).toBe(60);
    expect(progressText(counts)).toBe('3 of 5 rows done, 1 in progress, 1 waiting, 1 failed');
    expect(progressPercent({ ...counts, waiting: 0, working: 0, succeeded: 5, failed: 0 })).toBe(100);
  });
});

describe("a collection's whole-collection actions", () => {
  it('while it runs, say what they will do when it ends: the designs its rows still on course will make, not 0', () => {
    const scope = collectionActionScope({ status: 'running', counts }, 0);
    expect(scope.ready).toBe(false);
    // 5 rows, 1 failed: 4 rows of 4 designs.
    expect(scope.note).toContain('When the collection ends');
    expect(scope.note).toContain('16 expected, 0 made so far');
    expect(scope.note).not.toMatch(/\b0 designs\b/);
  });

  it('once it ended, act on the designs in the library, and say so when there are none', () => {
    const finished = { status: 'finished' as const, counts: { ...counts, waiting: 0, working: 0, succeeded: 4 } };
    expect(collectionActionScope(finished, 16)).toEqual({ ready: true, designs: 16, note: null });
    expect(collectionActionScope(finished, 0)).toMatchObject({ ready: false, note: 'This collection has no designs in your library.' });
  });
});
