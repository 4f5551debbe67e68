import { describe, expect, it } from '@jest/globals';
import { retryDelayMs } from './outbox-worker.js';

describe('mail retry back-off', () => {
  const options = { retryBaseMs: 1000, maxAttempts: 5 };

  it('doubles the delay after each failure', () => {
    expect([0, 1, 2, 3].map((attempts) => retryDelayMs(attempts, options))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('gives up once the attempts are spent', () => {
    expect(retryDelayMs(4, options)).toBeNull();
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(30, { retryBaseMs: 1000, maxAttempts: 100 })).toBe(3600_000);
  });
});
