import { describe, expect, it } from '@jest/globals';
import { seededRandom } from './random.js';

describe('seededRandom', () => {
  it('repeats a sequence for a seed and differs between seeds', () => {
    const take = (seed: string) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take('job-1')).toEqual(take('job-1'));
    expect(take('job-1')).not.toEqual(take('job-2'));
    for (const value of take('job-3')) expect(value >= 0 && value < 1).toBe(true);
  });
});
