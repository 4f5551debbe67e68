import { Injectable } from '@nestjs/common';
import { AppError, BILLING, MESSAGES, accountSummaryReply, type MeReply } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { SessionRepository } from './repositories/session.repository.js';
import { UserRepository } from './repositories/user.repository.js';

const BILLING_DOWN_CODES = new Set(['NOT_IMPLEMENTED', 'UNAVAILABLE', 'TIMEOUT']);

@Injectable()
export class AuthService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: UserRepository,
    private readonly rpc: RpcClient,
  ) {}

  async resolveSession(token: string): Promise<{ userId: string; email: string }> {
    const session = await this.sessions.findLiveByToken(token);
    const user = session ? await this.users.getById(session.userId) : null;
    if (!session || !user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    return { userId: user.id, email: user.email };
  }

  async me(userId: string): Promise<MeReply> {
    const user = await this.users.getById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    const account = await this.accountSummary(userId);
    return {
      user: { id: user.id, email: user.email, hasPassword: user.passwordHash !== null, hasGoogleAuth: user.googleId !== null },
      ...account,
    };
  }

  /**
   * Credits and subscription live in billing. When billing cannot answer, the user is still signed in
   * (a billing outage must not log everyone out) and sees 0 credits and no subscription meanwhile.
   */
  private async accountSummary(userId: string) {
    try {
      return await this.rpc.request(BILLING.accountSummary, { userId }, accountSummaryReply);
    } catch (error) {
      if (error instanceof AppError && BILLING_DOWN_CODES.has(error.code)) return { credits: 0, subscription: null };
      throw error;
    }
  }
}
