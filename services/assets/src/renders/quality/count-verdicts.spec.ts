import { describe, expect, it } from '@jest/globals';
import type { DesignQuality } from '@printloom/contracts';
import { countVerdicts } from './count-verdicts.js';

const verdict = (failed: string[]): DesignQuality => ({
  ok: failed.length === 0,
  checks: (['legibility', 'contrast', 'margin', 'transparency'] as const).map((name) => ({
    name,
    ok: !failed.includes(name),
    detail: name,
  })),
});

describe('countVerdicts', () => {
  it('counts designs, those with a verdict and the flagged ones; failed checks most frequent first', () => {
    const counts = countVerdicts([
      { id: 'a', quality: verdict([]) },
      { id: 'b', quality: verdict(['margin', 'contrast']) },
      { id: 'c', quality: null },
      { id: 'd', quality: verdict(['contrast']) },
      { id: 'e', quality: verdict(['legibility']) },
    ]);
    expect(counts).toEqual({
      designs: 5,
      checked: 4,
      flagged: 3,
      byCheck: [
        { name: 'contrast', count: 2 },
        { name: 'legibility', count: 1 },
        { name: 'margin', count: 1 },
      ],
      flaggedAssetIds: ['b', 'd', 'e'],
      flaggedDesigns: [
        {
          assetId: 'b',
          failed: [
            { name: 'contrast', ok: false, detail: 'contrast' },
            { name: 'margin', ok: false, detail: 'margin' },
          ],
        },
        { assetId: 'd', failed: [{ name: 'contrast', ok: false, detail: 'contrast' }] },
        { assetId: 'e', failed: [{ name: 'legibility', ok: false, detail: 'legibility' }] },
      ],
    });
  });

  it('answers zeros for a collection with no design yet, and no flag for pending verdicts', () => {
    expect(countVerdicts([])).toEqual({ designs: 0, checked: 0, flagged: 0, byCheck: [], flaggedAssetIds: [], flaggedDesigns: [] });
    expect(countVerdicts([{ id: 'a', quality: null }])).toMatchObject({ designs: 1, checked: 0, flagged: 0 });
  });
});
