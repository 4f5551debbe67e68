import { Injectable } from '@nestjs/common';
import { AppError, MESSAGES, type PublicUser } from '@printloom/contracts';
import type { User } from './domain/accounts.js';
import { UserRepository } from './repositories/user.repository.js';
import { SessionsService } from './sessions.service.js';

function publicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, hasPassword: user.passwordHash !== null, hasGoogleAuth: user.googleId !== null };
}

@Injectable()
export class AuthService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UserRepository,
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
}
