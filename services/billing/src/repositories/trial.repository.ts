import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TrialWithheld } from '../domain/records.js';

/**
 * Who got the trial credits and who did not (and why), from which network the account was verified,
 * and the keyed hashes of the people who had a trial (kept after their account is deleted).
 */
@Injectable()
export class TrialRepository {
  constructor(private readonly dataSource: DataSource) {}

  async decisionOf(userId: string, tx: EntityManager = this.dataSource.manager): Promise<{ granted: boolean } | null> {
    const [row] = await tx.query(`SELECT granted FROM billing.trial_decisions WHERE user_id = $1`, [userId]);
    return row ? { granted: row.granted } : null;
  }

  /** Serialises decisions for one address key (across instances) until the transaction ends. */
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

  /** Serialises decisions for one person (two alias sign-ups at once) until the transaction ends. */
  async lockPerson(tx: EntityManager, emailHash: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('billing:trial-person:' || $1))`, [emailHash]);
  }

  /** The account that had this person's trial, deleted or not; null when the person never had one. */
  async trialHolderOf(tx: EntityManager, emailHash: string): Promise<string | null> {
    const [row] = await tx.query(`SELECT user_id FROM billing.trial_identities WHERE email_hash = $1`, [emailHash]);
    return row?.user_id ?? null;
  }

  async rememberPerson(tx: EntityManager, emailHash: string, userId: string): Promise<void> {
    await tx.query(`INSERT INTO billing.trial_identities (email_hash, user_id) VALUES ($1, $2) ON CONFLICT (email_hash) DO NOTHING`, [
      emailHash,
      userId,
    ]);
  }

  async record(
    tx: EntityManager,
    decision: { userId: string; ip: string | null; granted: boolean; withheldBecause?: TrialWithheld },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO billing.trial_decisions (user_id, ip, granted, withheld_because) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`,
      [decision.userId, decision.ip, decision.granted, decision.withheldBecause ?? null],
    );
  }
}
