import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { answerNoSoonerThan } from './even-answer-time.js';

describe('answerNoSoonerThan', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('holds an instant answer until the floor', async () => {
    let answered = false;
    const answer = answerNoSoonerThan(400, async () => 'done').then((value) => {
      answered = true;
      return value;
    });
    await jest.advanceTimersByTimeAsync(399);
    expect(answered).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('done');
  });

  it('passes a failure through, also no sooner than the floor', async () => {
    let settled = false;
    const answer = answerNoSoonerThan(400, async () => {
      throw new Error('rate limited');
    });
    answer.catch(() => (settled = true));
    await jest.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).rejects.toThrow('rate limited');
  });
});
