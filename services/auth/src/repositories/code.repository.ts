import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CodePurpose, PendingSignup, StoredCode } from '../domain/accounts.js';

export interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  pending_password_hash: string | null;
  pending_signup_token_hash: string | null;
  expires_at: Date;
}

export const toStoredCode = (row: CodeRow): StoredCode => ({
  id: row.id,
  codeHash: row.code_hash,
  attempts: row.attempts,
  pendingPasswordHash: row.pending_password_hash,
  pendingSignupTokenHash: row.pending_signup_token_hash,
  expiresAt: row.expires_at,
});

@Injectable()
export class CodeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A new code replaces the old one: one live code per user and purpose. `pending` binds a sign-up's
   * password (and its browser's token hash) to this code; 'keep' (a resend) carries over the one bound to
   * the code it replaces.
   */
  async replace(
    userId: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: Date,
    pending: PendingSignup | null | 'keep' = null,
  ): Promise<void> {
    const keep = pending === 'keep';
    const bound = keep ? null : pending;
    await this.dataSource.query(
      `INSERT INTO auth.codes (user_id, purpose, code_hash, attempts, expires_at, pending_password_hash, pending_signup_token_hash)
       VALUES ($1, $2, $3, 0, $4, $5, $6)
       ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = now(),
         pending_password_hash = CASE WHEN $7 THEN auth.codes.pending_password_hash ELSE EXCLUDED.pending_password_hash END,
         pending_signup_token_hash = CASE WHEN $7 THEN auth.codes.pending_signup_token_hash ELSE EXCLUDED.pending_signup_token_hash END`,
      [userId, purpose, codeHash, expiresAt, bound?.passwordHash ?? null, bound?.tokenHash ?? null, keep],
    );
  }

  async deleteFor(userId: string, purpose: CodePurpose): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth.codes WHERE user_id = $1 AND purpose = $2`, [userId, purpose]);
  }

  async find(userId: string, purpose: CodePurpose): Promise<StoredCode | null> {
    const [row]: CodeRow[] = await this.dataSource.query(
      `SELECT id, code_hash, attempts, pending_password_hash, pending_signup_token_hash, expires_at FROM auth.codes WHERE user_id = $1 AND purpose = $2`,
      [userId, purpose],
    );
    return row ? toStoredCode(row) : null;
  }

  /** Counts a wrong try atomically; returns the attempts now used. */
  async countWrongAttempt(id: string): Promise<number> {
    // TypeORM answers an UPDATE … RETURNING with [rows, count].
    const [rows]: [Array<{ attempts: number }>, number] = await this.dataSource.query(
      `UPDATE auth.codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`,
      [id],
    );
    return rows[0]?.attempts ?? Number.MAX_SAFE_INTEGER;
  }

  /** Consumes the code; false when another request used it first. */
  async consume(id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM auth.codes WHERE id = $1`, [id]);
    return count > 0;
  }

  /** Codes that can no longer be used (expired, or out of attempts); used codes are deleted when consumed. */
  async deleteSpent(maxAttempts: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM auth.codes WHERE expires_at <= now() OR attempts >= $1`, [
      maxAttempts,
    ]);
    return count;
  }
}
