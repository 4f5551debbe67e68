import { describe, expect, it } from 'vitest';
import { batchName, progressPercent, progressText } from './batch-display';

const counts = { total: 5, waiting: 1, working: 1, succeeded: 2, failed: 1, cancelled: 0 };

describe('batch progress', () => {
  it('counts settled rows (done, failed, cancelled) against the total', () => {
    expect(progressPercent(counts)).toBe(60);
    expect(progressText(counts)).toBe('3 of 5 rows done, 1 in progress, 1 waiting, 1 failed');
    expect(progressPercent({ ...counts, waiting: 0, working: 0, succeeded: 5, failed: 0 })).toBe(100);
  });

  it('names a CSV batch, which has no template', () => {
    expect(batchName({ template: null })).toBe('Collection from a CSV file');
    expect(batchName({ template: 'a {value}' })).toBe('a {value}');
  });
});
