import { createHmac } from 'node:crypto';

/**
 * The id a sign-up answers, for a new address and one that already has an account alike: an HMAC-SHA256
 * of the normalised address under a server key, shaped as a UUID (RFC 9562 version 8, its form for
 * custom ids). The same address always gets the same id, and it is never an account's real id (the
 * verification answers that), so neither its value nor its repetition tells who has an account.
 */
export function signupPseudonym(key: string, email: string): string {
  const digest = createHmac('sha256', key).update(`printloom:signup-pseudonym:${email.trim().toLowerCase()}`).digest();
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
