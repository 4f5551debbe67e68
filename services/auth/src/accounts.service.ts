import { Inject, Injectable } from '@nestjs/common';
import { AppError, EVENTS } from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, isUniqueViolation, publishEvent, type Logger, type NatsConnection } from '@printloom/service-kit';
import { hashPassword, verifyPassword } from './domain/passwords.js';
import { RATE_LIMITS, loginAttemptLimits } from './domain/rate-limits.js';
import { isSamePendingSignup, newPendingSignupToken } from './domain/pending-signups.js';
import { answerNoSoonerThan } from './domain/even-answer-time.js';
import { signupPseudonym } from './domain/signup-pseudonym.js';
import { isDisposableEmail } from './domain/disposable-email.js';
import type { PendingSignup, User } from './domain/accounts.js';
import { UserRepository } from './repositories/user.repository.js';
import { CodesService, CODE_MESSAGES } from './codes.service.js';
import { SessionsService, type IssuedSession } from './sessions.service.js';
import { RateLimiter } from './rate-limiter.service.js';
import { MailClient } from './mail.client.js';
import { announceUserChanged } from './user-changes.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import type { AuthConfig } from './config.js';

export const ACCOUNT_MESSAGES = {
  badCredentials: 'Invalid email or password',
  unverified: 'Please verify your email to continue.',
  codeSent: 'A new verification code has been sent to your email.',
  resetSent: 'If an account exists for that email, we sent a reset code.',
  passwordReset: 'Your password has been reset successfully. Please log in.',
  googleUnverified: 'Your Google account email is not verified.',
  disposableEmail: 'Please sign up with a permanent email address: disposable email addresses are not accepted.',
} as const;

// sign-up, forgot-password and resend-verification answer no sooner than this, whether the email exists or not.
const CODE_SEND_FLOOR_MS = 400;
// The pending-sign-up cookie outlives the code (a resend keeps the pending sign-up and renews its code).
const PENDING_SIGNUP_COOKIE_MS = 24 * 3600 * 1000;

interface Client {
  ip: string;
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: CodesService,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailClient,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The same answer, in the same time, whether the address is new or already has an account: its id is
   * the address's pseudonym (never an account's id: the verification answers that). The owner of a
   * verified account is told by mail (never sent a code), and the attempt is kept as a pending sign-up is
   * (the password's hash beside the hash of this browser's token), so that the login that follows from
   * this browser answers "verify" as for a new address. The reply's `pendingSignup` token becomes the
   * browser's pending-sign-up cookie.
   */
  signup(input: Client & { email: string; password: string }) {
    return answerNoSoonerThan(CODE_SEND_FLOOR_MS, async () => {
      await this.limiter.check([
        [RATE_LIMITS.signupByIp, input.ip],
        [RATE_LIMITS.signupByEmail, input.email],
      ]);
      if (isDisposableEmail(input.email)) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.disposableEmail);
      const passwordHash = await hashPassword(input.password);
      const browser = newPendingSignupToken();
      const answer = () => ({
        requiresVerification: true as const,
        user: { id: signupPseudonym(this.config.SESSION_SECRET, input.email) },
        pendingSignup: { token: browser.token, expiresAt: new Date(Date.now() + PENDING_SIGNUP_COOKIE_MS).toISOString() },
      });
      let user = await this.users.getByEmail(input.email);
      if (!user) {
        user = await this.users.create({ email: input.email, passwordHash: null }).catch(async (error) => {
          if (!isUniqueViolation(error)) throw error;
          const existing = await this.users.getByEmail(input.email);
          if (!existing) throw error;
          return existing;
        });
      }
      if (user.verifiedAt) {
        // Its code is never mailed, and nothing consumes a 'signup-attempt': it verifies and sets nothing.
        await this.codes.issue(user.id, 'signup-attempt', { passwordHash, tokenHash: browser.tokenHash });
        await this.mail.send(user, 'signup-attempt', {}, `signup-attempt:${user.id}:${Date.now()}`);
        return answer();
      }
      // The password waits beside the code this sign-up mails (replacing any earlier pending sign-up), bound
      // to this browser: it becomes the account's only when that code comes back with this browser's cookie.
      const sending = this.sendVerificationCode(user, { passwordHash, tokenHash: browser.tokenHash });
      await sending.issued;
      await sending.mailed;
      return answer();
    });
  }

  /**
   * A right code proves the inbox: the email is verified and its holder signed in. The pending password
   * becomes the account's only when the code comes back from the browser that chose it (its
   * pending-sign-up cookie); from anywhere else (another device, another person's sign-up) the account
   * stays without a password, which its owner then sets from /account with a mailed code.
   */
  async verifyEmail(
    input: Client & { email: string; code: string; pendingSignupToken?: string },
  ): Promise<{ user: { id: string }; session: IssuedSession }> {
    await this.limiter.check([
      [RATE_LIMITS.codeCheckByIp, input.ip],
      [RATE_LIMITS.codeCheckByEmail, input.email],
    ]);
    const user = await this.users.getByEmail(input.email);
    if (!user) throw new AppError('BAD_REQUEST', CODE_MESSAGES.invalid);
    const { pendingPasswordHash, pendingSignupTokenHash } = await this.codes.consume(user.id, 'verify-email', input.code);
    if (pendingPasswordHash && isSamePendingSignup(pendingSignupTokenHash, input.pendingSignupToken)) {
      await this.users.setPassword(user.id, pendingPasswordHash);
      await announceUserChanged(this.nc, user.id);
    } else if (pendingPasswordHash) {
      this.logger.info({ userId: user.id }, 'email verified from another browser than the pending sign-up: no password set');
    }
    await this.becomeVerified(user, input.ip);
    return { user: { id: user.id }, session: await this.sessions.start(user.id) };
  }

  /** The same answer, in the same time, for every email: it must not tell who has an account. */
  resendVerification(input: Client & { email: string }) {
    return answerNoSoonerThan(CODE_SEND_FLOOR_MS, async () => {
      await this.limiter.check([
        [RATE_LIMITS.codeSendByIp, input.ip],
        [RATE_LIMITS.codeSendByEmail, input.email],
      ]);
      const user = await this.users.getByEmail(input.email);
      if (user && !user.verifiedAt) await this.sendVerificationCode(user, 'keep').issued;
      return { message: ACCOUNT_MESSAGES.codeSent };
    });
  }

  /**
   * A pending sign-up's password (for a new address, or a sign-up attempt for a verified one) leads to
   * "please verify" only from the browser that chose it (its pending-sign-up cookie), the same for both;
   * from anywhere else it is a wrong password (401, counted as one). Never a session before verification.
   */
  async login(
    input: Client & { email: string; password: string; pendingSignupToken?: string },
  ): Promise<{ user: { id: string }; session: IssuedSession }> {
    const limits = loginAttemptLimits(input.email, input.ip);
    await this.limiter.check(limits.everyAttempt);
    // Only wrong passwords fill the (email, address) and daily per-email limits.
    const attempt = await this.limiter.countUnlessSucceeded(limits.failuresOnly);
    const user = await this.users.getByEmail(input.email);
    const pendingHash = user
      ? await this.codes.pendingPasswordFrom(user.id, user.verifiedAt ? 'signup-attempt' : 'verify-email', input.pendingSignupToken)
      : null;
    // The account's own password first (a dummy hash without one: every answer takes as long).
    const ownPasswordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
    const pendingOk = !ownPasswordOk && pendingHash !== null && (await verifyPassword(pendingHash, input.password));
    if (!user || (!ownPasswordOk && !pendingOk)) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.badCredentials);
    await attempt.succeeded();
    if (pendingOk || !user.verifiedAt) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.unverified, { requiresVerification: true });
    await this.announceVerified(user, input.ip);
    return { user: { id: user.id }, session: await this.sessions.start(user.id) };
  }

  forgotPassword(input: Client & { email: string }) {
    return answerNoSoonerThan(CODE_SEND_FLOOR_MS, async () => {
      await this.limiter.check([
        [RATE_LIMITS.codeSendByIp, input.ip],
        [RATE_LIMITS.codeSendByEmail, input.email],
      ]);
      const user = await this.users.getByEmail(input.email);
      if (user) {
        const { code } = await this.codes.issue(user.id, 'reset-password');
        void this.mail.send(user, 'password-reset-code', { code }, `reset:${user.id}:${Date.now()}`);
      }
      return { message: ACCOUNT_MESSAGES.resetSent };
    });
  }

  async resetPassword(input: Client & { email: string; code: string; newPassword: string }) {
    await this.limiter.check([
      [RATE_LIMITS.codeCheckByIp, input.ip],
      [RATE_LIMITS.codeCheckByEmail, input.email],
    ]);
    const user = await this.users.getByEmail(input.email);
    if (!user) throw new AppError('BAD_REQUEST', CODE_MESSAGES.invalid);
    await this.codes.consume(user.id, 'reset-password', input.code);
    await this.users.setPassword(user.id, await hashPassword(input.newPassword));
    await this.sessions.endAll(user.id);
    // The code reached their inbox: the email is theirs.
    await this.becomeVerified(user, input.ip);
    return { message: ACCOUNT_MESSAGES.passwordReset };
  }

  /**
   * Google sign-in: the same Google account, or an account with the same (Google-verified) email, or a
   * new one. An unverified account with that email was made by someone who never proved they hold the
   * inbox: it becomes Google-only (its password and pending sign-ups dropped) until its owner sets a
   * password through reset.
   */
  async googleSignIn(input: Client & { googleId: string; email: string; emailVerified: boolean }) {
    let user = await this.users.getByGoogleId(input.googleId);
    let signedUp = false;
    if (!user) {
      if (!input.emailVerified) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.googleUnverified);
      user = await this.users.getByEmail(input.email);
      if (user?.verifiedAt) {
        await this.users.linkGoogle(user.id, input.googleId);
        await announceUserChanged(this.nc, user.id);
      } else if (user) {
        await this.users.linkGoogleDroppingPassword(user.id, input.googleId);
        await this.codes.revoke(user.id, 'verify-email');
        await this.sessions.endAll(user.id);
        this.logger.info({ userId: user.id }, 'Google signed into an unverified account: its password was dropped');
      } else {
        user = await this.users.create({ email: input.email, passwordHash: null, googleId: input.googleId });
        signedUp = true;
      }
    }
    await this.becomeVerified(user, input.ip);
    return { user: { id: user.id }, session: await this.sessions.start(user.id), ...(signedUp && { signedUp }) };
  }

  /**
   * `issued` settles once the code is stored, `mailed` once the mail is handed to notifications (never
   * rejects): an answer that must not tell who has an account waits for the first only.
   */
  private sendVerificationCode(user: User, pending: PendingSignup | 'keep'): { issued: Promise<void>; mailed: Promise<void> } {
    const issued = this.codes.issue(user.id, 'verify-email', pending);
    // A failed issue surfaces through `issued`; `mailed` only tells when the hand-over is done.
    const mailed = issued
      .then(({ code }) => this.mail.send(user, 'verification-code', { code }, `verify:${user.id}:${Date.now()}`))
      .catch(() => undefined);
    return { issued: issued.then(() => undefined), mailed };
  }

  /** The first verification says welcome; every one (re)announces it so the trial grant can never be lost. */
  private async becomeVerified(user: User, ip: string): Promise<void> {
    const firstTime = await this.users.markVerified(user.id);
    // A sign-up still pending for a verified account must never set its password later.
    await this.codes.revoke(user.id, 'verify-email');
    await this.announceVerified(user, ip);
    if (!firstTime) return;
    this.logger.info({ userId: user.id }, 'user verified');
    await this.mail.send(user, 'welcome', {}, `welcome:${user.id}`);
  }

  /**
   * Billing grants the trial credits from this durable event, once per user (it is idempotent by user),
   * so repeating it on sign-in heals an announcement lost to a NATS outage at verification time.
   */
  private async announceVerified(user: User, ip: string): Promise<void> {
    await publishEvent(
      this.nc,
      EVENTS.userVerified,
      { userId: user.id, email: user.email, at: new Date().toISOString(), ip },
      `user-verified:${user.id}`,
    );
  }
}
