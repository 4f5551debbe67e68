import { Injectable } from '@nestjs/common';
import { AppError, BILLING, MESSAGES, type MeReply, type PublicUser } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import type { User } from './domain/accounts.js';
import { UserRepository } from './repositories/user.repository.js';
import { SessionsService } from './sessions.service.js';

const BILLING_DOWN_CODES = new Set(['NOT_IMPLEMENTED', 'UNAVAILABLE', 'TIMEOUT']);

function publicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, hasPassword: user.passwordHash !== null, hasGoogleAuth: user.googleId !== null };
}

@Injectable()
export class AuthService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UserRepository,
    private readonly rpc: RpcClient,
  ) {}

  async resolveSession(token: string): Promise<{ userId: string; email: string; expiresAt: string }> {
    const { userId, expiresAt } = await this.sessions.resolve(token);
    const user = await this.users.getById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    return { userId: user.id, email: user.email, expiresAt: expiresAt.toISOString() };
  }

  async logout(token: string | undefined): Promise<{ ok: true }> {
    if (token) await this.sessions.end(token);
    return { ok: true };
  }

  async getUser(userId: string): Promise<PublicUser> {
    const user = await this.users.getById(userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return publicUser(user);
  }

  async me(userId: string): Promise<MeReply> {
    // Independent reads: the user row and billing's summary at the same time.
    const [user, summary] = await Promise.all([this.users.getById(userId), this.accountSummary(userId)]);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    return { user: publicUser(user), ...summary };
  }

  /**
   * Credits and subscription live in billing. When billing cannot answer, the user is still signed in
   * (a billing outage must not log everyone out) and sees 0 credits and no subscription meanwhile.
   */
  private async accountSummary(userId: string) {
    try {
      const { changesAt: _changesAt, ...summary } = await this.rpc.request(BILLING.accountSummary, { userId });
      return summary;
    } catch (error) {
      if (error instanceof AppError && BILLING_DOWN_CODES.has(error.code)) return { credits: 0, trialCredits: 0, subscription: null };
      throw error;
    }
  }
}
