import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Session } from '../domain/accounts.js';

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  last_extended_at: Date;
  confirmed_at: Date | null;
}

/** Only what the service needs: never the token hash. */
export const toSession = (row: SessionRow): Session => ({
  id: row.id,
  userId: row.user_id,
  expiresAt: row.expires_at,
  lastExtendedAt: row.last_extended_at,
  confirmedAt: row.confirmed_at,
});

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A session starts at a sign-in, which proves its owner: it starts confirmed. */
  async create(userId: string, token: string, expiresAt: Date): Promise<void> {
    const now = new Date();
    await this.dataSource.query(
      `INSERT INTO auth.sessions (user_id, token_hash, expires_at, last_extended_at, confirmed_at) VALUES ($1, $2, $3, $4, $4)`,
      [userId, hashToken(token), expiresAt, now],
    );
  }

  /** The session of this token proved its owner now; false when it no longer lives. */
  async markConfirmed(token: string, at: Date): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE auth.sessions SET confirmed_at = $2 WHERE token_hash = $1 AND expires_at > $2`,
      [hashToken(token), at],
    );
    return count > 0;
  }

  async findLiveByToken(token: string): Promise<Session | null> {
    const [row]: SessionRow[] = await this.dataSource.query(
      `SELECT id, user_id, expires_at, last_extended_at, confirmed_at FROM auth.sessions WHERE token_hash = $1 AND expires_at > $2`,
      [hashToken(token), new Date()],
    );
    return row ? toSession(row) : null;
  }

  async extend(id: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query(`UPDATE auth.sessions SET expires_at = $2, last_extended_at = $3 WHERE id = $1`, [
      id,
      expiresAt,
      new Date(),
    ]);
  }

  async deleteByToken(token: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth.sessions WHERE token_hash = $1`, [hashToken(token)]);
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth.sessions WHERE user_id = $1`, [userId]);
  }

  /** Expired sessions are worthless: gone, with their hashes. */
  async deleteExpired(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM auth.sessions WHERE expires_at <= now()`);
    return count;
  }
}
