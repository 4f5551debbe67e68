import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PurchaseEvent } from '@printloom/contracts';

/** Purchase events waiting for the buyer's browser; each is recorded once by its source and claimed once. */
@Injectable()
export class PurchaseEventRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(tx: EntityManager, userId: string, sourceRef: string, event: PurchaseEvent): Promise<void> {
    await tx.query(
      `INSERT INTO billing.purchase_events (user_id, event, source_ref, params) VALUES ($1, $2, $3, $4) ON CONFLICT (source_ref) DO NOTHING`,
      [userId, event.event, sourceRef, JSON.stringify(event.params)],
    );
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM billing.purchase_events WHERE user_id = $1`, [userId]);
  }

  /** Hands over what this user's browser has not seen yet, oldest first; a second claim gets nothing. */
  async claim(userId: string): Promise<PurchaseEvent[]> {
    // An UPDATE answers [rows, count] through TypeORM.
    const [rows]: [Array<{ id: string; event: PurchaseEvent['event']; params: PurchaseEvent['params'] }>, number] =
      await this.dataSource.query(
        `UPDATE billing.purchase_events SET claimed_at = now() WHERE id IN (
         SELECT id FROM billing.purchase_events WHERE user_id = $1 AND claimed_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED
       ) RETURNING id, event, params`,
        [userId],
      );
    return rows.sort((a, b) => Number(a.id) - Number(b.id)).map(({ event, params }) => ({ event, params }));
  }
}
