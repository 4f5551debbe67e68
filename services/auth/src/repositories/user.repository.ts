import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { User } from '../entities/user.entity.js';

@Injectable()
export class UserRepository {
  private readonly users: Repository<User>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(User);
  }

  // A deleted account is invisible to every lookup: no sign-in, no codes, no profile.
  getById(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id, deletedAt: IsNull() } });
  }

  getByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email, deletedAt: IsNull() } });
  }

  getByGoogleId(googleId: string): Promise<User | null> {
    return this.users.findOne({ where: { googleId, deletedAt: IsNull() } });
  }

  create(fields: { email: string; passwordHash: string | null; googleId?: string | null; verifiedAt?: Date | null }): Promise<User> {
    return this.users.save(this.users.create({ googleId: null, verifiedAt: null, ...fields }));
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash });
  }

  /** Marks the email verified; true only for the call that made the change. */
  async markVerified(id: string): Promise<boolean> {
    const result = await this.users.createQueryBuilder().update().set({ verifiedAt: () => 'now()' }).where('id = :id AND verified_at IS NULL', { id }).execute();
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
  async markDeleted(id: string): Promise<{ email: string; deletedAt: Date } | null> {
    const [rows]: [Array<{ email: string; deleted_at: Date }>, number] = await this.users.query(
      `UPDATE auth.users SET deleted_at = now(), deleted_email = email, email = id || '@deleted.invalid', google_id = NULL, password_hash = NULL
       WHERE id = $1 AND deleted_at IS NULL RETURNING deleted_email AS email, deleted_at`,
      [id],
    );
    return rows[0] ? { email: rows[0].email, deletedAt: rows[0].deleted_at } : null;
  }

  /** Deletions whose event may not have gone out (a crash between the mark and the publish). */
  unannouncedDeletions(limit: number): Promise<Array<{ id: string; email: string; deleted_at: Date }>> {
    return this.users.query(`SELECT id, deleted_email AS email, deleted_at FROM auth.users WHERE deleted_at IS NOT NULL AND deletion_announced_at IS NULL LIMIT $1`, [limit]);
  }

  async markDeletionAnnounced(id: string): Promise<void> {
    await this.users.query(`UPDATE auth.users SET deletion_announced_at = now() WHERE id = $1`, [id]);
  }

  /** Deleted accounts past their retention are removed (codes and sessions with them). */
  async purgeDeletedBefore(days: number): Promise<number> {
    const [, count]: [unknown, number] = await this.users.query(`DELETE FROM auth.users WHERE deleted_at < now() - make_interval(days => $1)`, [days]);
    return count;
  }
}
