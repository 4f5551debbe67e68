import { Inject, Injectable } from '@nestjs/common';
import { AppError, MESSAGES, type PublicUser } from '@printloom/contracts';
import type { User } from './domain/accounts.js';
import { UserRepository } from './repositories/user.repository.js';
import { SessionsService } from './sessions.service.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import type { AuthConfig } from './config.js';

function publicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, hasPassword: user.passwordHash !== null, hasGoogleAuth: user.googleId !== null };
}

@Injectable()
export class AuthService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UserRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async resolveSession(token: string): Promise<{ userId: string; email: string; expiresAt: string; confirmedUntil: string | null }> {
    const { userId, expiresAt, confirmedAt } = await this.sessions.resolve(token);
    const user = await this.users.getById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    const confirmedUntil = confirmedAt ? new Date(confirmedAt.getTime() + this.config.REAUTH_WINDOW_MS).toISOString() : null;
    return { userId: user.id, email: user.email, expiresAt: expiresAt.toISOString(), confirmedUntil };
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
}
