import { describe, expect, it } from '@jest/globals';
import { codeMatches, generateCode, hashCode } from './one-time-codes.js';

describe('one-time codes', () => {
  it('are always 6 digits', () => {
    for (let i = 0; i < 500; i += 1) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  it('hash with the secret, the user and the purpose', () => {
    const base = hashCode('secret-one-1234567', 'u1', 'verify-email', '123456');
    expect(codeMatches(base, hashCode('secret-one-1234567', 'u1', 'verify-email', '123456'))).toBe(true);
    expect(codeMatches(base, hashCode('secret-two-1234567', 'u1', 'verify-email', '123456'))).toBe(false);
    expect(codeMatches(base, hashCode('secret-one-1234567', 'u2', 'verify-email', '123456'))).toBe(false);
    expect(codeMatches(base, hashCode('secret-one-1234567', 'u1', 'reset-password', '123456'))).toBe(false);
    expect(codeMatches(base, hashCode('secret-one-1234567', 'u1', 'verify-email', '123457'))).toBe(false);
  });
});
