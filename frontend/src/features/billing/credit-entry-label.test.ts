import { describe, expect, it } from 'vitest';
import { creditDelta, creditEntryLabel } from './credit-entry-label';

describe('credit history', () => {
  it('puts each ledger movement in words with its sign', () => {
    expect(creditEntryLabel({ kind: 'grant', source: 'plan', reason: null })).toBe('Plan credits added');
    expect(creditEntryLabel({ kind: 'grant', source: 'topup', reason: null })).toBe('Top-up credits added');
    expect(creditEntryLabel({ kind: 'spend', source: null, reason: 'upscale' })).toBe('Upscale');
    expect(creditEntryLabel({ kind: 'refund', source: null, reason: 'generation' })).toBe('Refund: generation');
    expect(creditEntryLabel({ kind: 'spend', source: null, reason: 'batch' })).toBe('Collection');
    expect(creditEntryLabel({ kind: 'refund', source: null, reason: 'batch' })).toBe('Refund: collection');
    expect(creditEntryLabel({ kind: 'expire', source: 'rollover', reason: null })).toBe('Rollover credits expired');
    expect([creditDelta(150), creditDelta(-1), creditDelta(0)]).toEqual(['+150', '−1', '0']);
  });
});
