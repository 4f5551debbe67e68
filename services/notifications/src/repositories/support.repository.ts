import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SupportMessage {
  userId: string | null;
  ip: string;
  type: string;
  email: string;
  subject: string;
  message: string;
}

@Injectable()
export class SupportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores the message unless this address or this email already sent `max` within the window (then
   * null). The sender's locks make the count and the insert one step, even across instances.
   */
  async createWithinLimits(
    message: SupportMessage,
    limits: { windowSeconds: number; perIp: number; perEmail: number },
  ): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('support:ip:' || $1))`, [message.ip]);
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('support:email:' || $1))`, [message.email]);
      const [recent]: Array<{ by_ip: number; by_email: number }> = await tx.query(
        `SELECT count(*) FILTER (WHERE ip = $1)::int AS by_ip, count(*) FILTER (WHERE email = $2)::int AS by_email
         FROM notifications.support_messages WHERE (ip = $1 OR email = $2) AND created_at > now() - make_interval(secs => $3)`,
        [message.ip, message.email, limits.windowSeconds],
      );
      if (recent.by_ip >= limits.perIp || recent.by_email >= limits.perEmail) return null;
      const rows: Array<{ id: string }> = await tx.query(
        `INSERT INTO notifications.support_messages (user_id, ip, type, email, subject, message) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [message.userId, message.ip, message.type, message.email, message.subject, message.message],
      );
      return rows[0].id;
    });
  }

  /**
   * Records as the deleted account's the messages sent signed out from its address before its
   * deletion (later ones may be a new account's owner writing). Returns how many it claimed.
   */
  async claimFor(userId: string, email: string, deletedAt: Date): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.support_messages SET user_id = $1 WHERE user_id IS NULL AND email = $2 AND created_at <= $3`,
      [userId, email, deletedAt],
    );
    return count;
  }

  /** A deleted account's support messages: those recorded as its own, never by address. */
  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM notifications.support_messages WHERE user_id = $1`, [
      userId,
    ]);
    return count;
  }
}
