import { Inject, Injectable } from '@nestjs/common';
import { AppError, BROADCASTS, MESSAGES, sessionConfirmedBroadcast } from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, type Logger, type NatsConnection } from '@printloom/service-kit';
import { verifyPassword } from './domain/passwords.js';
import { RATE_LIMITS, loginAttemptLimits } from './domain/rate-limits.js';
import type { User } from './domain/accounts.js';
import { SessionRepository, hashToken } from './repositories/session.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { CodesService } from './codes.service.js';
import { RateLimiter } from './rate-limiter.service.js';
import { MailClient } from './mail.client.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import type { AuthConfig } from './config.js';

export const REAUTH_MESSAGES = {
  wrongPassword: 'That password is not right.',
  noPassword: 'This account has no password: confirm with Google or with a code sent to your email.',
  useYourPassword: 'Confirm with your password (or with Google) instead.',
  codeSent: 'We sent a 6-digit code to your email.',
} as const;

interface SessionInput {
  token: string;
  ip: string;
}

/**
 * Re-authentication of a signed-in session before it may leave (download the account's data, delete
 * the account): the password typed again (a wrong one counts as a failed login, through the login
 * limits), or, for an account with neither a password nor Google, a code mailed to its address.
 * Google-only accounts confirm by signing in with Google again (a sign-in starts a confirmed session).
 * A confirmation holds for REAUTH_WINDOW_MS and is announced, so every gateway drops its cached copy.
 */
@Injectable()
export class ReauthenticationService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: UserRepository,
    private readonly codes: CodesService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailClient,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async confirmPassword(input: SessionInput & { password: string }): Promise<{ confirmedUntil: string }> {
    const user = await this.ownerOf(input.token);
    if (!user.passwordHash) throw new AppError('BAD_REQUEST', REAUTH_MESSAGES.noPassword);
    const limits = loginAttemptLimits(user.email, input.ip);
    await this.limiter.check(limits.everyAttempt);
    const attempt = await this.limiter.countUnlessSucceeded(limits.failuresOnly);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      this.logger.info({ userId: user.id }, 'Wrong password at re-authentication');
      throw new AppError('FORBIDDEN', REAUTH_MESSAGES.wrongPassword);
    }
    await attempt.succeeded();
    return this.confirm(user, input.token);
  }

  async requestCode(input: SessionInput): Promise<{ message: string }> {
    const user = await this.ownerOf(input.token);
    if (user.passwordHash || user.googleId) throw new AppError('BAD_REQUEST', REAUTH_MESSAGES.useYourPassword);
    await this.limiter.check([
      [RATE_LIMITS.codeSendByIp, input.ip],
      [RATE_LIMITS.codeSendByEmail, user.email],
    ]);
    const { code } = await this.codes.issue(user.id, 'confirm-session');
    await this.mail.send(user, 'confirmation-code', { code }, `confirm-session:${user.id}:${Date.now()}`);
    return { message: REAUTH_MESSAGES.codeSent };
  }

  async confirmCode(input: SessionInput & { code: string }): Promise<{ confirmedUntil: string }> {
    const user = await this.ownerOf(input.token);
    await this.limiter.check([
      [RATE_LIMITS.codeCheckByIp, input.ip],
      [RATE_LIMITS.codeCheckByEmail, user.email],
    ]);
    await this.codes.consume(user.id, 'confirm-session', input.code);
    return this.confirm(user, input.token);
  }

  private async ownerOf(token: string): Promise<User> {
    const session = token ? await this.sessions.findLiveByToken(token) : null;
    const user = session ? await this.users.getById(session.userId) : null;
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    return user;
  }

  private async confirm(user: User, token: string): Promise<{ confirmedUntil: string }> {
    const at = new Date();
    if (!(await this.sessions.markConfirmed(token, at))) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    // Gateways cache the session (and the `me` view showing confirmedUntil): they drop it before this request answers.
    this.nc.publish(
      BROADCASTS.sessionConfirmed,
      JSON.stringify(sessionConfirmedBroadcast.parse({ tokenHash: hashToken(token), userId: user.id })),
    );
    await this.nc.flush();
    return { confirmedUntil: new Date(at.getTime() + this.config.REAUTH_WINDOW_MS).toISOString() };
  }
}
