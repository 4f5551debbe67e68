import { describe, expect, it } from '@jest/globals';
import { LastAccountSeen } from './last-account-seen.js';

const account = (credits: number) => ({ credits, trialCredits: 0, subscription: null });

describe('LastAccountSeen', () => {
  it('answers the last summary remembered for a user, and 0 credits for one never seen', () => {
    const seen = new LastAccountSeen(10);
    seen.remember('a', account(10));
    seen.remember('a', account(7));
    expect(seen.of('a')).toEqual(account(7));
    expect(seen.of('b')).toEqual({ credits: 0, trialCredits: 0, subscription: null });
  });

  it('forgets the user seen longest ago past its bound', () => {
    const seen = new LastAccountSeen(2);
    seen.remember('a', account(1));
    seen.remember('b', account(2));
    seen.remember('a', account(3)); // seen again: now the most recent
    seen.remember('c', account(4));
    expect(seen.of('b').credits).toBe(0);
    expect(seen.of('a').credits).toBe(3);
    expect(seen.of('c').credits).toBe(4);
  });
});
