import { describe, expect, it } from '@jest/globals';
import { publishPollDelay } from './publication-steps.js';

const limits = { PUBLISH_POLL_FIRST_MS: 5_000, PUBLISH_POLL_MAX_MS: 300_000 };

describe('the looks at a publishing product', () => {
  it('come 5 s after publish.json, then after as long again as has passed (doubling), at most 5 minutes apart', () => {
    let at = 5_000; // the first look
    const looks = [at];
    while (at < 30 * 60_000) {
      at += publishPollDelay(at, limits);
      looks.push(at);
    }
    expect(looks.slice(0, 6)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(publishPollDelay(200_000, limits)).toBe(200_000);
    expect(publishPollDelay(400_000, limits)).toBe(300_000);
    expect(publishPollDelay(0, limits)).toBe(5_000);
    // Thirty minutes of publishing cost a handful of requests, well inside Printify's 600 a minute.
    expect(looks.length).toBeLessThan(15);
  });
});
