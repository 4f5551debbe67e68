import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import type { CheckoutSession } from '../domain/records.js';

interface CheckoutRow {
  id: string;
  user_id: string;
  kind: 'subscription' | 'topup' | 'plan_change';
  item_id: string;
  /** For a plan change: the plan it changes from. */
  from_plan_id: string | null;
  status: 'open' | 'paid' | 'canceled';
}

export const toCheckoutSession = (row: CheckoutRow): CheckoutSession => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  itemId: row.item_id,
  fromPlanId: row.from_plan_id,
  status: row.status,
});

/** Checkout sessions of the local checkout (used when Stripe is not configured). */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(userId: string, kind: CheckoutSession['kind'], itemId: string, fromPlanId: string | null = null): Promise<string> {
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO billing.checkout_sessions (user_id, kind, item_id, from_plan_id) VALUES ($1, $2, $3, $4) RETURNING id`,
      [userId, kind, itemId, fromPlanId],
    );
    return id;
  }

  async find(id: string): Promise<CheckoutSession | null> {
    const [row]: CheckoutRow[] = await this.dataSource.query(
      `SELECT id, user_id, kind, item_id, from_plan_id, status FROM billing.checkout_sessions WHERE id = $1`,
      [id],
    );
    return row ? toCheckoutSession(row) : null;
  }

  async deleteForUser(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM billing.checkout_sessions WHERE user_id = $1`, [userId]);
    return count;
  }

  /** Moves an open session to its final status once; false when it was already completed. */
  async complete(tx: EntityManager, id: string, status: 'paid' | 'canceled'): Promise<boolean> {
    const [rows] = await tx.query(
      `UPDATE billing.checkout_sessions SET status = $2, completed_at = now() WHERE id = $1 AND status = 'open' RETURNING id`,
      [id, status],
    );
    return rows.length > 0;
  }
}
