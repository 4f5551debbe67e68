import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stripe's failure paths: the one open subscription Checkout per user (a second tab expires the first),
 * accounts flagged for review after a refund or dispute, and the ledger entry that takes back credits.
 */
export class StripeFailurePaths1763800000202 implements MigrationInterface {
  name = 'StripeFailurePaths1763800000202';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE billing.stripe_open_checkouts (user_id uuid PRIMARY KEY, session_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await queryRunner.query(`
      CREATE TABLE billing.account_flags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        reason text NOT NULL,
        source_ref text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`ALTER TABLE billing.ledger_entries DROP CONSTRAINT ledger_entries_kind_check`);
    await queryRunner.query(
      `ALTER TABLE billing.ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('grant', 'reserve', 'release', 'expire', 'revoke'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.ledger_entries DROP CONSTRAINT ledger_entries_kind_check`);
    await queryRunner.query(
      `ALTER TABLE billing.ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('grant', 'reserve', 'release', 'expire'))`,
    );
    await queryRunner.query('DROP TABLE billing.account_flags');
    await queryRunner.query('DROP TABLE billing.stripe_open_checkouts');
  }
}
