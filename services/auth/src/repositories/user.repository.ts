import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DeletedAccount, User } from '../domain/accounts.js';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  google_id: string | null;
  verified_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

const USER_COLUMNS = 'id, email, password_hash, google_id, verified_at, deleted_at, created_at';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  googleId: row.google_id,
  verifiedAt: row.verified_at,
  deletedAt: row.deleted_at,
  createdAt: row.created_at,
});

type DeletedRow = { id: string; email: string; deleted_at: Date };
export const toDeletedAccount = (row: DeletedRow): DeletedAccount => ({
  id: row.id,
  email: row.email,
  deletedAt: new Date(row.deleted_at),
});

@Injectable()
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  // A deleted account is invisible to every lookup: no sign-in, no codes, no profile.
  async getById(id: string): Promise<User | null> {
    return this.liveUserWhere('id = $1', id);
  }

  async getByEmail(email: string): Promise<User | null> {
    return this.liveUserWhere('email = $1', email);
  }

  async getByGoogleId(googleId: string): Promise<User | null> {
    return this.liveUserWhere('google_id = $1', googleId);
  }

  /** A second sign-up for the same address fails here with a unique violation (23505): the caller decides. */
  async create(fields: { email: string; passwordHash: string | null; googleId?: string | null; verifiedAt?: Date | null }): Promise<User> {
    const [row]: UserRow[] = await this.dataSource.query(
      `INSERT INTO auth.users (email, password_hash, google_id, verified_at) VALUES ($1, $2, $3, $4) RETURNING ${USER_COLUMNS}`,
      [fields.email, fields.passwordHash, fields.googleId ?? null, fields.verifiedAt ?? null],
    );
    return toUser(row);
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.dataSource.query(`UPDATE auth.users SET password_hash = $2 WHERE id = $1`, [id, passwordHash]);
  }

  /** Marks the email verified; true only for the call that made the change. */
  async markVerified(id: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, count].
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE auth.users SET verified_at = now() WHERE id = $1 AND verified_at IS NULL`,
      [id],
    );
    return count > 0;
  }

  async linkGoogle(id: string, googleId: string): Promise<void> {
    await this.dataSource.query(`UPDATE auth.users SET google_id = $2 WHERE id = $1`, [id, googleId]);
  }

  /** Links Google to an account nobody proved they own yet: whatever password it had is dropped. */
  async linkGoogleDroppingPassword(id: string, googleId: string): Promise<void> {
    await this.dataSource.query(`UPDATE auth.users SET google_id = $2, password_hash = NULL WHERE id = $1`, [id, googleId]);
  }

  /**
   * Marks the account deleted and frees its sign-in identity (email, Google id, password) at once;
   * the address stays in `deleted_email` until the purge. Null when it already was deleted.
   */
  async markDeleted(id: string): Promise<DeletedAccount | null> {
    const [rows]: [DeletedRow[], number] = await this.dataSource.query(
      `UPDATE auth.users SET deleted_at = now(), deleted_email = email, email = id || '@deleted.invalid', google_id = NULL, password_hash = NULL
       WHERE id = $1 AND deleted_at IS NULL RETURNING id, deleted_email AS email, deleted_at`,
      [id],
    );
    return rows[0] ? toDeletedAccount(rows[0]) : null;
  }

  /** Deletions whose event may not have gone out (a crash between the mark and the publish). */
  async unannouncedDeletions(limit: number): Promise<DeletedAccount[]> {
    const rows: DeletedRow[] = await this.dataSource.query(
      `SELECT id, deleted_email AS email, deleted_at FROM auth.users WHERE deleted_at IS NOT NULL AND deletion_announced_at IS NULL LIMIT $1`,
      [limit],
    );
    return rows.map(toDeletedAccount);
  }

  async markDeletionAnnounced(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE auth.users SET deletion_announced_at = now() WHERE id = $1`, [id]);
  }

  /** Deleted accounts past their retention are removed (codes and sessions with them). */
  async purgeDeletedBefore(days: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM auth.users WHERE deleted_at < now() - make_interval(days => $1)`,
      [days],
    );
    return count;
  }

  private async liveUserWhere(condition: string, value: string): Promise<User | null> {
    const [row]: UserRow[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM auth.users WHERE ${condition} AND deleted_at IS NULL`,
      [value],
    );
    return row ? toUser(row) : null;
  }
}
