import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { User as UserEntity } from '../entities/user.entity.js';
import type { DeletedAccount, User } from '../domain/accounts.js';

export const toUser = (user: UserEntity): User => ({
  id: user.id,
  email: user.email,
  passwordHash: user.passwordHash,
  googleId: user.googleId,
  verifiedAt: user.verifiedAt,
  deletedAt: user.deletedAt,
  createdAt: user.createdAt,
});

const toUserOrNull = (user: UserEntity | null): User | null => (user ? toUser(user) : null);

type DeletedRow = { id: string; email: string; deleted_at: Date };
export const toDeletedAccount = (row: DeletedRow): DeletedAccount => ({
  id: row.id,
  email: row.email,
  deletedAt: new Date(row.deleted_at),
});

@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  // A deleted account is invisible to every lookup: no sign-in, no codes, no profile.
  async getById(id: string): Promise<User | null> {
    return toUserOrNull(await this.users.findOne({ where: { id, deletedAt: IsNull() } }));
  }

  async getByEmail(email: string): Promise<User | null> {
    return toUserOrNull(await this.users.findOne({ where: { email, deletedAt: IsNull() } }));
  }

  async getByGoogleId(googleId: string): Promise<User | null> {
    return toUserOrNull(await this.users.findOne({ where: { googleId, deletedAt: IsNull() } }));
  }

  async create(fields: { email: string; passwordHash: string | null; googleId?: string | null; verifiedAt?: Date | null }): Promise<User> {
    return toUser(await this.users.save(this.users.create({ googleId: null, verifiedAt: null, ...fields })));
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash });
  }

  /** Marks the email verified; true only for the call that made the change. */
  async markVerified(id: string): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ verifiedAt: () => 'now()' })
      .where('id = :id AND verified_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async linkGoogle(id: string, googleId: string): Promise<void> {
    await this.users.update({ id }, { googleId });
  }

  /** Links Google to an account nobody proved they own yet: whatever password it had is dropped. */
  async linkGoogleDroppingPassword(id: string, googleId: string): Promise<void> {
    await this.users.update({ id }, { googleId, passwordHash: null });
  }

  /**
   * Marks the account deleted and frees its sign-in identity (email, Google id, password) at once;
   * the address stays in `deleted_email` until the purge. Null when it already was deleted.
   */
  async markDeleted(id: string): Promise<DeletedAccount | null> {
    const [rows]: [DeletedRow[], number] = await this.users.query(
      `UPDATE auth.users SET deleted_at = now(), deleted_email = email, email = id || '@deleted.invalid', google_id = NULL, password_hash = NULL
       WHERE id = $1 AND deleted_at IS NULL RETURNING id, deleted_email AS email, deleted_at`,
      [id],
    );
    return rows[0] ? toDeletedAccount(rows[0]) : null;
  }

  /** Deletions whose event may not have gone out (a crash between the mark and the publish). */
  async unannouncedDeletions(limit: number): Promise<DeletedAccount[]> {
    const rows: DeletedRow[] = await this.users.query(
      `SELECT id, deleted_email AS email, deleted_at FROM auth.users WHERE deleted_at IS NOT NULL AND deletion_announced_at IS NULL LIMIT $1`,
      [limit],
    );
    return rows.map(toDeletedAccount);
  }

  async markDeletionAnnounced(id: string): Promise<void> {
    await this.users.query(`UPDATE auth.users SET deletion_announced_at = now() WHERE id = $1`, [id]);
  }

  /** Deleted accounts past their retention are removed (codes and sessions with them). */
  async purgeDeletedBefore(days: number): Promise<number> {
    const [, count]: [unknown, number] = await this.users.query(
      `DELETE FROM auth.users WHERE deleted_at < now() - make_interval(days => $1)`,
      [days],
    );
    return count;
  }
}
