import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccountFlag } from '../domain/records.js';

/**
 * What keeps payments from going wrong twice: the one open subscription Checkout of a user, and the
 * accounts flagged for a person to review (refunds, disputes).
 */
@Injectable()
export class PaymentSafetyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async openCheckoutOf(tx: EntityManager, userId: string): Promise<string | null> {
    const [row] = await tx.query(`SELECT session_id FROM billing.stripe_open_checkouts WHERE user_id = $1`, [userId]);
    return row?.session_id ?? null;
  }

  async rememberOpenCheckout(tx: EntityManager, userId: string, sessionId: string): Promise<void> {
    await tx.query(
      `INSERT INTO billing.stripe_open_checkouts (user_id, session_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET session_id = EXCLUDED.session_id, created_at = now()`,
      [userId, sessionId],
    );
  }

  async forgetOpenCheckout(sessionId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM billing.stripe_open_checkouts WHERE session_id = $1`, [sessionId]);
  }

  /**
   * Flags an account once per source (a charge, a dispute), which puts it on hold. A flag an operator
   * released opens again only when `reopen` (the same charge refunded further took more credits); a
   * replayed event leaves it released.
   */
  async flag(tx: EntityManager, userId: string, reason: string, sourceRef: string, reopen = false): Promise<void> {
    await tx.query(
      `INSERT INTO billing.account_flags (user_id, reason, source_ref) VALUES ($1, $2, $3)
       ON CONFLICT (source_ref) DO UPDATE SET released_at = NULL WHERE $4 AND billing.account_flags.released_at IS NOT NULL`,
      [userId, reason, sourceRef, reopen],
    );
  }

  /** Whether a flag of the account is still open: it may not reserve credits nor have batch rows fed. */
  async isOnHold(tx: EntityManager, userId: string): Promise<boolean> {
    const rows = await tx.query(`SELECT 1 FROM billing.account_flags WHERE user_id = $1 AND released_at IS NULL LIMIT 1`, [userId]);
    return rows.length > 0;
  }

  /** The operator's release: every open flag of the account is released now (kept for the record). Answers how many. */
  async releaseHold(tx: EntityManager, userId: string): Promise<number> {
    const [, count]: [unknown, number] = await tx.query(
      `UPDATE billing.account_flags SET released_at = now() WHERE user_id = $1 AND released_at IS NULL`,
      [userId],
    );
    return count;
  }

  async flagsOf(userId: string): Promise<AccountFlag[]> {
    const rows: Array<{ reason: string; source_ref: string }> = await this.dataSource.query(
      `SELECT reason, source_ref FROM billing.account_flags WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
    return rows.map((row) => ({ reason: row.reason, sourceRef: row.source_ref }));
  }
}
