import { describe, expect, it } from '@jest/globals';
import { tierOrder } from './job-queue.js';

describe('tier order', () => {
  const pending = new Map([
    [0, 5],
    [1, 0],
    [2, 3],
    [3, 2],
  ]);

  it('serves the highest waiting tier first', () => {
    expect(tierOrder(pending, 0)).toEqual([3, 2, 0]);
  });

  it('gives every 4th pick to the lowest waiting tier, so nobody starves', () => {
    expect(tierOrder(pending, 3)).toEqual([0, 2, 3]);
    const firsts = Array.from({ length: 8 }, (_, pick) => tierOrder(pending, pick)[0]);
    expect(firsts.filter((tier) => tier === 0)).toHaveLength(2);
  });

  it('skips empty tiers', () => {
    expect(
      tierOrder(
        new Map([
          [0, 0],
          [3, 0],
        ]),
        0,
      ),
    ).toEqual([]);
  });
});
