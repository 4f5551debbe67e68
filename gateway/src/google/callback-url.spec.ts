import { describe, expect, it } from '@jest/globals';
import { googleCallbackUrl } from './callback-url.js';

describe('Google callback URL', () => {
  it('is the same with and without a trailing slash on PUBLIC_URL', () => {
    expect(googleCallbackUrl('https://printloom.example/')).toBe('https://printloom.example/api/auth/google/callback');
    expect(googleCallbackUrl('https://printloom.example')).toBe('https://printloom.example/api/auth/google/callback');
    expect(googleCallbackUrl('http://localhost:8080/')).toBe('http://localhost:8080/api/auth/google/callback');
  });
});
