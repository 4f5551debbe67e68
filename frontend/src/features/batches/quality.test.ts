import { describe, expect, it } from 'vitest';
import { flaggedCounts, qualityOf } from './quality';

const ok = { quality: { ok: true, checks: [{ name: 'legibility', ok: true, detail: 'read back' }] } };
const bad = (...names: string[]) => ({ quality: { ok: false, checks: names.map((name) => ({ name, ok: false, detail: name })) } });

describe('flaggedCounts', () => {
  it('counts the designs with a failed check, and each check', () => {
    expect(flaggedCounts([ok, bad('contrast'), bad('contrast', 'margin'), { id: 'no verdict yet' }])).toEqual({
      checked: 3,
      flagged: 2,
      byCheck: [
        { name: 'contrast', count: 2 },
        { name: 'margin', count: 1 },
      ],
    });
  });

  it('is null when no design carries a verdict', () => {
    expect(flaggedCounts([{ id: 'a' }, { id: 'b', quality: null }])).toBeNull();
    expect(flaggedCounts([])).toBeNull();
  });

  it('ignores a malformed verdict', () => {
    expect(qualityOf({ quality: { checks: [] } })).toBeNull();
    expect(qualityOf({ quality: { ok: false } })).toEqual({ ok: false, checks: [] });
  });
});
