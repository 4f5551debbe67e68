import { describe, expect, it } from '@jest/globals';
import { isSamePendingSignup, newPendingSignupToken } from './pending-signups.js';

describe('pending sign-up tokens', () => {
  it('match only the browser that holds the token whose hash was stored', () => {
    const owner = newPendingSignupToken();
    const stranger = newPendingSignupToken();
    expect(owner.token).not.toBe(stranger.token);
    expect(owner.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(owner.tokenHash).not.toContain(owner.token);
    expect(isSamePendingSignup(owner.tokenHash, owner.token)).toBe(true);
    expect(isSamePendingSignup(owner.tokenHash, stranger.token)).toBe(false);
    expect(isSamePendingSignup(owner.tokenHash, undefined)).toBe(false);
    expect(isSamePendingSignup(null, owner.token)).toBe(false);
  });
});
