import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A pending sign-up is bound to the browser that started it by a random token in an HttpOnly cookie;
 * auth keeps only its SHA-256 beside the pending password.
 */
export function newPendingSignupToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashPendingSignupToken(token) };
}

export function hashPendingSignupToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True only when a token came back and it is the one whose hash the pending sign-up holds. */
export function isSamePendingSignup(storedHash: string | null, token: string | undefined): boolean {
  if (!storedHash || !token) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashPendingSignupToken(token), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
