import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan, type Repository } from 'typeorm';
import { Session } from '../entities/session.entity.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class SessionRepository {
  private readonly sessions: Repository<Session>;

  constructor(dataSource: DataSource) {
    this.sessions = dataSource.getRepository(Session);
  }

  async create(userId: string, token: string, expiresAt: Date): Promise<void> {
    await this.sessions.insert({ userId, tokenHash: hashToken(token), expiresAt, lastExtendedAt: new Date() });
  }

  findLiveByToken(token: string): Promise<Session | null> {
    return this.sessions.findOne({ where: { tokenHash: hashToken(token), expiresAt: MoreThan(new Date()) } });
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
