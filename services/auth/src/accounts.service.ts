import { Inject, Injectable } from '@nestjs/common';
import { AppError, BROADCASTS, EVENTS, userChangedBroadcast } from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, isUniqueViolation, publishEvent, type Logger, type NatsConnection } from '@printloom/service-kit';
import { hashPassword, verifyPassword } from './domain/passwords.js';
import { RATE_LIMITS, loginAttemptLimits } from './domain/rate-limits.js';
import { answerNoSoonerThan } from './domain/even-answer-time.js';
import { isDisposableEmail } from './domain/disposable-email.js';
import type { User } from './domain/accounts.js';
import { UserRepository } from './repositories/user.repository.js';
import { CodesService, CODE_MESSAGES } from './codes.service.js';
import { SessionsService, type IssuedSession } from './sessions.service.js';
import { RateLimiter } from './rate-limiter.service.js';
import { MailClient } from './mail.client.js';

export const ACCOUNT_MESSAGES = {
  badCredentials: 'Invalid email or password',
  unverified: 'Please verify your email to continue.',
  emailTaken: 'An account with this email already exists. Please log in.',
  codeSent: 'A new verification code has been sent to your email.',
  resetSent: 'If an account exists for that email, we sent a reset code.',
  passwordReset: 'Your password has been reset successfully. Please log in.',
  googleUnverified: 'Your Google account email is not verified.',
  disposableEmail: 'Please sign up with a permanent email address: disposable email addresses are not accepted.',
} as const;

// forgot-password and resend-verification answer no sooner than this, whether the email exists or not.
const CODE_SEND_FLOOR_MS = 400;

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
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async signup(input: Client & { email: string; password: string }) {
    await this.limiter.check([[RATE_LIMITS.signupByIp, input.ip]]);
    if (isDisposableEmail(input.email)) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.disposableEmail);
    const passwordHash = await hashPassword(input.password);
    let user = await this.users.getByEmail(input.email);
    if (user?.verifiedAt) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken);
    // The password waits beside the code this sign-up mails (replacing any earlier pending sign-up):
    // it becomes the account's only when that code comes back from the inbox.
    if (!user) {
      user = await this.users.create({ email: input.email, passwordHash: null }).catch(async (error) => {
        if (!isUniqueViolation(error)) throw error;
        const existing = await this.users.getByEmail(input.email);
        if (!existing || existing.verifiedAt) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken);
        return existing;
      });
    }
    const sending = this.sendVerificationCode(user, passwordHash);
    await sending.issued;
    await sending.mailed;
    return { requiresVerification: true as const, user: { id: user.id } };
  }

  async verifyEmail(input: Client & { email: string; code: string }): Promise<{ user: { id: string }; session: IssuedSession }> {
    await this.limiter.check([
      [RATE_LIMITS.codeCheckByIp, input.ip],
      [RATE_LIMITS.codeCheckByEmail, input.email],
    ]);
    const user = await this.users.getByEmail(input.email);
    if (!user) throw new AppError('BAD_REQUEST', CODE_MESSAGES.invalid);
    const { pendingPasswordHash } = await this.codes.consume(user.id, 'verify-email', input.code);
    if (pendingPasswordHash) {
      await this.users.setPassword(user.id, pendingPasswordHash);
      await this.announceUserChanged(user.id);
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

  async login(input: Client & { email: string; password: string }): Promise<{ user: { id: string }; session: IssuedSession }> {
    await this.limiter.check(loginAttemptLimits(input));
    const user = await this.users.getByEmail(input.email);
    // Before verification the pending sign-up's password only leads to "please verify", never a session.
    const expectedHash =
      user && !user.verifiedAt ? ((await this.codes.pendingPasswordOf(user.id)) ?? user.passwordHash) : (user?.passwordHash ?? null);
    const passwordOk = await verifyPassword(expectedHash, input.password);
    if (!user || !passwordOk) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.badCredentials);
    if (!user.verifiedAt) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.unverified, { requiresVerification: true });
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
        void this.mail.send(user.email, 'password-reset-code', { code }, `reset:${user.id}:${Date.now()}`);
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
        await this.announceUserChanged(user.id);
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
  private sendVerificationCode(user: User, pendingPasswordHash: string | 'keep'): { issued: Promise<void>; mailed: Promise<void> } {
    const issued = this.codes.issue(user.id, 'verify-email', pendingPasswordHash);
    // A failed issue surfaces through `issued`; `mailed` only tells when the hand-over is done.
    const mailed = issued
      .then(({ code }) => this.mail.send(user.email, 'verification-code', { code }, `verify:${user.id}:${Date.now()}`))
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
    await this.mail.send(user.email, 'welcome', {}, `welcome:${user.id}`);
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

  /** Gateways cache the user's `me` view (hasPassword, hasGoogleAuth): they drop it before this request answers. */
  private async announceUserChanged(userId: string): Promise<void> {
    this.nc.publish(BROADCASTS.userChanged, JSON.stringify(userChangedBroadcast.parse({ userId })));
    await this.nc.flush();
  }
}
