import { Inject, Injectable } from '@nestjs/common';
import { AppError, LIMITS } from '@printloom/contracts';
import { codeMatches, generateCode, hashCode } from './domain/one-time-codes.js';
import { isSamePendingSignup } from './domain/pending-signups.js';
import type { CodePurpose, PendingSignup } from './domain/accounts.js';
import { CodeRepository } from './repositories/code.repository.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import type { AuthConfig } from './config.js';

export const CODE_MESSAGES = {
  invalid: 'Invalid or expired code. Please check the code or request a new one.',
  expired: 'This code has expired. Please request a new one.',
  exhausted: 'Too many wrong attempts. Please request a new code.',
} as const;

@Injectable()
export class CodesService {
  constructor(
    private readonly codes: CodeRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async issue(
    userId: string,
    purpose: CodePurpose,
    pending: PendingSignup | null | 'keep' = null,
  ): Promise<{ code: string; expiresAt: Date }> {
    const code = generateCode();
    const expiresAt = new Date(Date.now() + LIMITS.codeTtlMinutes * 60_000);
    await this.codes.replace(userId, purpose, hashCode(this.config.SESSION_SECRET, userId, purpose, code), expiresAt, pending);
    return { code, expiresAt };
  }

  /**
   * The password hash a live pending sign-up ('verify-email', or 'signup-attempt' for a verified address)
   * holds, when `browserToken` is the pending-sign-up cookie of the browser that chose it; null otherwise.
   */
  async pendingPasswordFrom(
    userId: string,
    purpose: 'verify-email' | 'signup-attempt',
    browserToken: string | undefined,
  ): Promise<string | null> {
    const stored = await this.codes.find(userId, purpose);
    if (!stored || stored.expiresAt.getTime() <= Date.now()) return null;
    return isSamePendingSignup(stored.pendingSignupTokenHash, browserToken) ? stored.pendingPasswordHash : null;
  }

  /** Forgets every live code of this purpose (e.g. pending sign-ups once Google vouched for the email). */
  async revoke(userId: string, purpose: CodePurpose): Promise<void> {
    await this.codes.deleteFor(userId, purpose);
  }

  /**
   * Consumes a right code; a wrong one counts, and the 5th wrong try kills the code. Answers the
   * pending sign-up bound to it (password and browser token hash): the caller decides whether the
   * browser that entered the code is the one that chose that password.
   */
  async consume(
    userId: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<{ pendingPasswordHash: string | null; pendingSignupTokenHash: string | null }> {
    const stored = await this.codes.find(userId, purpose);
    if (!stored) throw new AppError('BAD_REQUEST', CODE_MESSAGES.invalid);
    if (stored.expiresAt.getTime() <= Date.now()) throw new AppError('BAD_REQUEST', CODE_MESSAGES.expired);
    if (stored.attempts >= LIMITS.codeMaxAttempts) throw new AppError('BAD_REQUEST', CODE_MESSAGES.exhausted);
    if (!codeMatches(stored.codeHash, hashCode(this.config.SESSION_SECRET, userId, purpose, code))) {
      const attempts = await this.codes.countWrongAttempt(stored.id);
      throw new AppError('BAD_REQUEST', attempts >= LIMITS.codeMaxAttempts ? CODE_MESSAGES.exhausted : CODE_MESSAGES.invalid);
    }
    if (!(await this.codes.consume(stored.id))) throw new AppError('BAD_REQUEST', CODE_MESSAGES.invalid);
    return { pendingPasswordHash: stored.pendingPasswordHash, pendingSignupTokenHash: stored.pendingSignupTokenHash };
  }
}
