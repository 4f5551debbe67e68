import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One trial decision per user, with the address the account was verified from: free credits go to at
 * most a few new accounts per address per day (each throwaway account costs real image-API money).
 */
export class TrialDecisions1763800000213 implements MigrationInterface {
  name = 'TrialDecisions1763800000213';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing.trial_decisions (
        user_id uuid PRIMARY KEY,
        ip text,
        granted boolean NOT NULL,
        decided_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX trial_decisions_granted_by_ip ON billing.trial_decisions (ip, decided_at) WHERE granted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE billing.trial_decisions');
  }
}
