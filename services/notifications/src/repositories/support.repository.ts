import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class SupportRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(message: { userId: string | null; type: string; email: string; subject: string; message: string }): Promise<string> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO notifications.support_messages (user_id, type, email, subject, message) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [message.userId, message.type, message.email, message.subject, message.message],
    );
    return rows[0].id;
  }

  /** A deleted account's support messages (by account or by address). */
  async deleteFor(userId: string, email: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM notifications.support_messages WHERE user_id = $1 OR email = $2`, [userId, email]);
    return count;
  }
}
