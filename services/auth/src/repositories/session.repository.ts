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

  findLiveByToken(token: string): Promise<Session | null> {
    return this.sessions.findOne({ where: { tokenHash: hashToken(token), expiresAt: MoreThan(new Date()) } });
  }
}
