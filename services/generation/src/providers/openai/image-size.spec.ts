import { describe, expect, it } from '@jest/globals';
import { closestAspect, largestSizeAt, OPENAI_SIZE_RULES, requestSizeFor } from './image-size.js';

describe('OpenAI request size', () => {
  it('picks 4:5 for the shirt canvases and 1:1 for the sticker', () => {
    expect(closestAspect({ width: 4500, height: 5400 })).toEqual([4, 5]);
    expect(closestAspect({ width: 3000, height: 3000 })).toEqual([1, 1]);
  });

  it('asks for the largest size the rules allow at that aspect', () => {
    expect(requestSizeFor('A')).toEqual({ width: 2560, height: 3200 });
    expect(requestSizeFor('B')).toEqual({ width: 2560, height: 3200 });
    expect(requestSizeFor('D')).toEqual({ width: 2560, height: 3200 });
    expect(requestSizeFor('C')).toEqual({ width: 2880, height: 2880 });
    expect(largestSizeAt([2, 3])).toEqual({ width: 2336, height: 3504 });
  });

  it('never breaks a rule', () => {
    for (const ratio of [
      [1, 1],
      [4, 5],
      [2, 3],
      [16, 9],
    ] as const) {
      const { width, height } = largestSizeAt(ratio);
      expect((width % 16) + (height % 16)).toBe(0);
      expect(Math.max(width, height)).toBeLessThanOrEqual(OPENAI_SIZE_RULES.maxEdge);
      expect(width * height).toBeLessThanOrEqual(OPENAI_SIZE_RULES.maxPixels);
      expect(width * height).toBeGreaterThan(OPENAI_SIZE_RULES.maxPixels * 0.9);
    }
  });
});
