/** Attempts allowed per window. Keys combine the action with an IP or an email. */
export interface RateLimitRule {
  action: string;
  by: 'ip' | 'email';
  max: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  loginByIp: { action: 'login', by: 'ip', max: 30, windowSeconds: 900 },
  loginByEmail: { action: 'login', by: 'email', max: 10, windowSeconds: 900 },
  signupByIp: { action: 'signup', by: 'ip', max: 10, windowSeconds: 3600 },
  codeCheckByIp: { action: 'code-check', by: 'ip', max: 30, windowSeconds: 900 },
  codeCheckByEmail: { action: 'code-check', by: 'email', max: 10, windowSeconds: 900 },
  codeSendByIp: { action: 'code-send', by: 'ip', max: 20, windowSeconds: 3600 },
  codeSendByEmail: { action: 'code-send', by: 'email', max: 5, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The limits one password attempt counts against, wherever the password is typed (login, and the
 * re-authentication before leaving): a wrong password anywhere is a failed login.
 */
export function loginAttemptLimits(input: { email: string; ip: string }): Array<[RateLimitRule, string]> {
  return [
    [RATE_LIMITS.loginByIp, input.ip],
    [RATE_LIMITS.loginByEmail, input.email],
  ];
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
