import { describe, expect, it } from '@jest/globals';
import { packLotRef, periodLotRef } from './lot-refs.js';

describe('lot refs', () => {
  it('names a period lot by user and period start, and a pack by its Checkout session', () => {
    expect(periodLotRef('u1', new Date(1_700_000_000_000))).toBe('plan:u1:2023-11-14T22:13:20.000Z');
    expect(packLotRef('cs_1')).toBe('topup:cs_1');
  });
});
