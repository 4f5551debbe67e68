import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** 6 digits from a CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Keyed hash: a leaked table of hashes cannot be brute-forced without the secret. */
export function hashCode(secret: string, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('hex');
}

export function codeMatches(expectedHash: string, actualHash: string): boolean {
  const expected = Buffer.from(expectedHash, 'hex');
  const actual = Buffer.from(actualHash, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
