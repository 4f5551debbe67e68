import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, LIMITS, MESSAGES } from '@printloom/contracts';
import { SessionRepository, hashToken } from './repositories/session.repository.js';
import { SessionRevocations } from './session-revocations.js';

const DAY_MS = 24 * 3600 * 1000;
const SESSION_TTL_MS = LIMITS.sessionTtlDays * DAY_MS;

export interface IssuedSession {
  token: string;
  expiresAt: string;
}

/** Opaque random tokens; the database keeps only their hashes. 30-day sliding expiry. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly revocations: SessionRevocations,
  ) {}

  async start(userId: string): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.sessions.create(userId, token, expiresAt);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The signed-in user of a token; extends the session at most once a day, not on every request. */
  async resolve(token: string): Promise<{ userId: string; expiresAt: Date; confirmedAt: Date | null }> {
    const session = await this.sessions.findLiveByToken(token);
    if (!session) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    if (Date.now() - session.lastExtendedAt.getTime() > DAY_MS) {
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await this.sessions.extend(session.id, expiresAt);
      return { userId: session.userId, expiresAt, confirmedAt: session.confirmedAt };
    }
    return { userId: session.userId, expiresAt: session.expiresAt, confirmedAt: session.confirmedAt };
  }

  async end(token: string): Promise<void> {
    await this.sessions.deleteByToken(token);
    await this.revocations.announce({ tokenHash: hashToken(token) });
  }

  async endAll(userId: string): Promise<void> {
    await this.sessions.deleteAllForUser(userId);
    await this.revocations.announce({ userId });
  }
}
