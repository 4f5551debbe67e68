import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `settled_at` marks a plan or rollover lot whose period has been closed (renewed or ended), so the
 * rollover of a period is computed once, from what was unused, even after the sweeper zeroed the lot
 * at its expiry. `accounts` keeps the email of each verified user, for the operator's commands.
 */
export class PeriodSettlement1763800000201 implements MigrationInterface {
  name = 'PeriodSettlement1763800000201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.credit_lots ADD COLUMN settled_at timestamptz`);
    await queryRunner.query(
      `CREATE INDEX credit_lots_open_period_idx ON billing.credit_lots (user_id) WHERE kind IN ('plan', 'rollover') AND settled_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX ledger_entries_lot_idx ON billing.ledger_entries (lot_id) WHERE kind = 'expire'`);
    await queryRunner.query(`
      CREATE TABLE billing.accounts (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX accounts_email_idx ON billing.accounts (lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE billing.accounts`);
    await queryRunner.query(`DROP INDEX billing.ledger_entries_lot_idx`);
    await queryRunner.query(`DROP INDEX billing.credit_lots_open_period_idx`);
    await queryRunner.query(`ALTER TABLE billing.credit_lots DROP COLUMN settled_at`);
  }
}
