import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The email of each verified user, learnt from auth's user-verified event (for operator commands). */
@Injectable()
export class AccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  async remember(tx: EntityManager, userId: string, email: string): Promise<void> {
    await tx.query(
      `INSERT INTO billing.accounts (user_id, email) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email`,
      [userId, email],
    );
  }

  async userIdByEmail(email: string): Promise<string | null> {
    const [row] = await this.dataSource.query(`SELECT user_id FROM billing.accounts WHERE lower(email) = lower($1)`, [email]);
    return row?.user_id ?? null;
  }

  /** A deleted account's address goes with the purge (only the keyed trial hash stays). */
  async deleteForUser(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM billing.accounts WHERE user_id = $1`, [userId]);
    return count;
  }
}
