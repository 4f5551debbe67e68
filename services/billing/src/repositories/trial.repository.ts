import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** Who got the trial credits and who did not, and from which address the account was verified. */
@Injectable()
export class TrialRepository {
  constructor(private readonly dataSource: DataSource) {}

  async decisionOf(userId: string, tx: EntityManager = this.dataSource.manager): Promise<{ granted: boolean } | null> {
    const [row] = await tx.query(`SELECT granted FROM billing.trial_decisions WHERE user_id = $1`, [userId]);
    return row ? { granted: row.granted } : null;
  }

  /** Serialises decisions for one address (across instances) until the transaction ends. */
  async lockAddress(tx: EntityManager, ip: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('billing:trial-ip:' || $1))`, [ip]);
  }

  async grantedFromAddressSince(tx: EntityManager, ip: string, since: Date): Promise<number> {
    const [row] = await tx.query(
      `SELECT count(*)::int AS count FROM billing.trial_decisions WHERE granted AND ip = $1 AND decided_at > $2`,
      [ip, since],
    );
    return row.count;
  }

  async record(tx: EntityManager, decision: { userId: string; ip: string | null; granted: boolean }): Promise<void> {
    await tx.query(`INSERT INTO billing.trial_decisions (user_id, ip, granted) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`, [
      decision.userId,
      decision.ip,
      decision.granted,
    ]);
  }
}
