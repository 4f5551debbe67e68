import { describe, expect, it } from 'vitest';
import { signInMethod } from './sign-in-method';

describe('sign-in method', () => {
  it('names the sign-in methods', () => {
    expect(signInMethod({ hasPassword: true, hasGoogleAuth: false })).toBe('Email & Password');
    expect(signInMethod({ hasPassword: false, hasGoogleAuth: true })).toBe('Google OAuth');
    expect(signInMethod({ hasPassword: true, hasGoogleAuth: true })).toBe('Email & Password, Google OAuth');
    expect(signInMethod({ hasPassword: false, hasGoogleAuth: false })).toBe('No password yet');
  });
});
