import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One trial per person: a keyed hash of each trial's normalised address, kept after the account is
 * deleted (the purge leaves it), and why a trial was withheld (too many from one network, or a person
 * who already had one), so the account page can say which.
 */
export class TrialIdentities1763800000320 implements MigrationInterface {
  name = 'TrialIdentities1763800000320';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing.trial_identities (
        email_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `ALTER TABLE billing.trial_decisions ADD COLUMN withheld_because text CHECK (withheld_because IN ('address', 'person'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE billing.trial_decisions DROP COLUMN withheld_because');
    await queryRunner.query('DROP TABLE billing.trial_identities');
  }
}
