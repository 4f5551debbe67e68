import { clientAddressKey } from '@printloom/service-kit';

/** Attempts allowed per window. Keys combine the action with an IP, an email, or both. */
export interface RateLimitRule {
  action: string;
  by: 'ip' | 'email' | 'email-ip';
  max: number;
  windowSeconds: number;
}

/** A rule and the subject (IP, email, or "email|IP") it is counted for. */
export type LimitedKey = [RateLimitRule, string];

export const RATE_LIMITS = {
  loginByIp: { action: 'login', by: 'ip', max: 30, windowSeconds: 900 },
  // Failed password checks only: per (email, client address) pair, with a slower daily ceiling per email,
  // so a stranger's guesses from their own addresses do not lock the owner out.
  loginFailuresByEmailAndIp: { action: 'login-failure', by: 'email-ip', max: 10, windowSeconds: 900 },
  loginFailuresByEmailDaily: { action: 'login-failure', by: 'email', max: 100, windowSeconds: 86_400 },
  signupByIp: { action: 'signup', by: 'ip', max: 10, windowSeconds: 3600 },
  // Its own count, apart from code-send: a stranger's sign-ups can neither mail-bomb an address nor use
  // up its owner's resends.
  signupByEmail: { action: 'signup', by: 'email', max: 5, windowSeconds: 3600 },
  codeCheckByIp: { action: 'code-check', by: 'ip', max: 30, windowSeconds: 900 },
  codeCheckByEmail: { action: 'code-check', by: 'email', max: 10, windowSeconds: 900 },
  codeSendByIp: { action: 'code-send', by: 'ip', max: 20, windowSeconds: 3600 },
  codeSendByEmail: { action: 'code-send', by: 'email', max: 5, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

/** Counter rows older than this are over in every window (the auth sweeper deletes them). */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = Math.max(...Object.values(RATE_LIMITS).map((rule: RateLimitRule) => rule.windowSeconds));

/**
 * The limits of every password check, wherever the password is typed (signing in, confirming it is you
 * before leaving): `everyAttempt` counts each try from the client's address; `failuresOnly` counts the
 * wrong passwords for this email from this address and, more slowly, from anywhere
 * (RateLimiter.countUnlessSucceeded takes a right one back). A wrong password anywhere is a failed login.
 */
export function loginAttemptLimits(email: string, ip: string): { everyAttempt: LimitedKey[]; failuresOnly: LimitedKey[] } {
  return {
    everyAttempt: [[RATE_LIMITS.loginByIp, ip]],
    failuresOnly: [
      [RATE_LIMITS.loginFailuresByEmailAndIp, `${email}|${clientAddressKey(ip)}`],
      [RATE_LIMITS.loginFailuresByEmailDaily, email],
    ],
  };
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
