import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ExpiringImage } from '../domain/stored-asset.js';

@Injectable()
export class ReminderRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Users with unstarred images expiring within `days`, not reminded for `everyDays`, not unsubscribed. */
  async dueUsers(days: number, everyDays: number, limit: number): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT a.user_id FROM assets.assets a
       LEFT JOIN assets.expiry_reminders r ON r.user_id = a.user_id
       WHERE NOT a.starred AND a.deleting_at IS NULL AND a.expires_at > now() AND a.expires_at <= now() + make_interval(days => $1)
         AND r.unsubscribed_at IS NULL AND (r.last_sent_at IS NULL OR r.last_sent_at < now() - make_interval(days => $2))
       LIMIT $3`,
      [days, everyDays, limit],
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Claims this week's reminder for a user (atomic across instances); null when another instance
   * claimed it, or the user unsubscribed meanwhile. Returns the previous send time (to undo) and the token.
   */
  async claim(userId: string, everyDays: number): Promise<{ previous: Date | null; token: string } | null> {
    const rows: Array<{ previous: Date | null; token: string }> = await this.dataSource.query(
      `WITH before AS (SELECT last_sent_at FROM assets.expiry_reminders WHERE user_id = $1)
       INSERT INTO assets.expiry_reminders AS r (user_id, last_sent_at) VALUES ($1, now())
       ON CONFLICT (user_id) DO UPDATE SET last_sent_at = now()
         WHERE r.unsubscribed_at IS NULL AND (r.last_sent_at IS NULL OR r.last_sent_at < now() - make_interval(days => $2))
       RETURNING (SELECT last_sent_at FROM before) AS previous, unsubscribe_token AS token`,
      [userId, everyDays],
    );
    return rows[0] ?? null;
  }

  async unclaim(userId: string, previous: Date | null): Promise<void> {
    await this.dataSource.query(`UPDATE assets.expiry_reminders SET last_sent_at = $2 WHERE user_id = $1`, [userId, previous]);
  }

  /** The user's images that expire within `days` (unstarred), soonest first. */
  async expiring(userId: string, days: number, limit: number): Promise<ExpiringImage[]> {
    const rows: Array<{ prompt: string; variant: string | null; expires_at: Date }> = await this.dataSource.query(
      `SELECT prompt, variant, expires_at FROM assets.assets
       WHERE user_id = $1 AND NOT starred AND deleting_at IS NULL AND expires_at > now() AND expires_at <= now() + make_interval(days => $2)
       ORDER BY expires_at LIMIT $3`,
      [userId, days, limit],
    );
    return rows.map((row) => ({ prompt: row.prompt, variant: row.variant, expiresAt: new Date(row.expires_at) }));
  }

  /** No more reminders for this user (the account was deleted). */
  async stopFor(userId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO assets.expiry_reminders (user_id, unsubscribed_at) VALUES ($1, now()) ON CONFLICT (user_id) DO UPDATE SET unsubscribed_at = coalesce(assets.expiry_reminders.unsubscribed_at, now())`,
      [userId],
    );
  }

  /** True when the token belonged to someone (now unsubscribed). */
  async unsubscribe(token: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE assets.expiry_reminders SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE unsubscribe_token = $1`,
      [token],
    );
    return count > 0;
  }
}
