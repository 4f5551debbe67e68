import { describe, expect, it } from '@jest/globals';
import { findPlan } from '@printloom/contracts';
import { addOneMonth, allocate, rolloverCredits } from './rollover.js';

describe('rollover', () => {
  const pro = findPlan('pro')!.rollover;
  const studio = findPlan('studio')!.rollover;

  it('carries 25% of unused Pro credits, at most 100', () => {
    expect(rolloverCredits(0, pro)).toBe(0);
    expect(rolloverCredits(10, pro)).toBe(2);
    expect(rolloverCredits(200, pro)).toBe(50);
    expect(rolloverCredits(400, pro)).toBe(100);
    expect(rolloverCredits(399, pro)).toBe(99);
  });

  it('carries 50% of unused Studio credits, at most 500', () => {
    expect(rolloverCredits(1, studio)).toBe(0);
    expect(rolloverCredits(600, studio)).toBe(300);
    expect(rolloverCredits(1000, studio)).toBe(500);
  });

  it('carries nothing for plans without rollover (Starter, Creator)', () => {
    expect(rolloverCredits(150, findPlan('creator')!.rollover)).toBe(0);
    expect(rolloverCredits(50, findPlan('starter')!.rollover)).toBe(0);
  });
});

describe('allocate', () => {
  it('takes from the first lots first and splits across lots', () => {
    expect(
      allocate(
        [
          { id: 'a', remaining: 1 },
          { id: 'b', remaining: 5 },
        ],
        3,
      ),
    ).toEqual([
      { lotId: 'a', amount: 1 },
      { lotId: 'b', amount: 2 },
    ]);
  });

  it('refuses when the lots are short', () => {
    expect(allocate([{ id: 'a', remaining: 1 }], 2)).toBeNull();
  });
});

describe('addOneMonth', () => {
  it('clamps to the end of shorter months', () => {
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addOneMonth(new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-12-22T00:00:00.000Z');
  });
});
