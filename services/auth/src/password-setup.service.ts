import { Inject, Injectable } from '@nestjs/common';
import { AppError, MESSAGES } from '@printloom/contracts';
import { NATS_CONNECTION, type NatsConnection } from '@printloom/service-kit';
import { hashPassword } from './domain/passwords.js';
import { RATE_LIMITS } from './domain/rate-limits.js';
import type { User } from './domain/accounts.js';
import { UserRepository } from './repositories/user.repository.js';
import { CodesService } from './codes.service.js';
import { RateLimiter } from './rate-limiter.service.js';
import { MailClient } from './mail.client.js';
import { announceUserChanged } from './user-changes.js';

export const PASSWORD_SETUP_MESSAGES = {
  codeSent: 'We emailed you a code. Enter it with your new password.',
  passwordSet: 'Your password is set. You can now sign in with it.',
  alreadyHasPassword: 'Your account already has a password. To change it, use "Forgot password" on the sign-in page.',
} as const;

/**
 * A signed-in account without a password (Google-only, or verified from another browser than its
 * sign-up) sets one with a code mailed to its own address: the session alone is not enough.
 */
@Injectable()
export class PasswordSetupService {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: CodesService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async requestCode(input: { userId: string; ip: string }): Promise<{ message: string }> {
    const user = await this.passwordlessUser(input.userId);
    await this.limiter.check([
      [RATE_LIMITS.codeSendByIp, input.ip],
      [RATE_LIMITS.codeSendByEmail, user.email],
    ]);
    const { code } = await this.codes.issue(user.id, 'set-password');
    await this.mail.send(user, 'password-reset-code', { code }, `set-password:${user.id}:${Date.now()}`);
    return { message: PASSWORD_SETUP_MESSAGES.codeSent };
  }

  async setPassword(input: { userId: string; ip: string; code: string; newPassword: string }): Promise<{ message: string }> {
    const user = await this.passwordlessUser(input.userId);
    await this.limiter.check([
      [RATE_LIMITS.codeCheckByIp, input.ip],
      [RATE_LIMITS.codeCheckByEmail, user.email],
    ]);
    await this.codes.consume(user.id, 'set-password', input.code);
    await this.users.setPassword(user.id, await hashPassword(input.newPassword));
    await announceUserChanged(this.nc, user.id);
    return { message: PASSWORD_SETUP_MESSAGES.passwordSet };
  }

  /** Changing an existing password goes through reset (which ends every session), not through here. */
  private async passwordlessUser(userId: string): Promise<User> {
    const user = await this.users.getById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    if (user.passwordHash !== null) throw new AppError('CONFLICT', PASSWORD_SETUP_MESSAGES.alreadyHasPassword);
    return user;
  }
}
