import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan, type Repository } from 'typeorm';
import { Session as SessionEntity } from '../entities/session.entity.js';
import type { Session } from '../domain/accounts.js';

export const toSession = (session: SessionEntity): Session => ({
  id: session.id,
  userId: session.userId,
  expiresAt: session.expiresAt,
  lastExtendedAt: session.lastExtendedAt,
});

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class SessionRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  async create(userId: string, token: string, expiresAt: Date): Promise<void> {
    await this.sessions.insert({ userId, tokenHash: hashToken(token), expiresAt, lastExtendedAt: new Date() });
  }

  async findLiveByToken(token: string): Promise<Session | null> {
    const session = await this.sessions.findOne({ where: { tokenHash: hashToken(token), expiresAt: MoreThan(new Date()) } });
    return session ? toSession(session) : null;
  }

  async extend(id: string, expiresAt: Date): Promise<void> {
    await this.sessions.update({ id }, { expiresAt, lastExtendedAt: new Date() });
  }

  async deleteByToken(token: string): Promise<void> {
    await this.sessions.delete({ tokenHash: hashToken(token) });
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.sessions.delete({ userId });
  }

  /** Expired sessions are worthless: gone, with their hashes. */
  async deleteExpired(): Promise<number> {
    const [, count]: [unknown, number] = await this.sessions.query(`DELETE FROM auth.sessions WHERE expires_at <= now()`);
    return count;
  }
}
