import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A flag (a refund, a dispute) holds the account until an operator releases it (`npm run release-hold`):
 * `released_at` says when; the flags stay for the record. An account is on hold while any flag is open.
 */
export class AccountHolds1763800000340 implements MigrationInterface {
  name = 'AccountHolds1763800000340';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.account_flags ADD COLUMN released_at timestamptz`);
    await queryRunner.query(`CREATE INDEX account_flags_open_idx ON billing.account_flags (user_id) WHERE released_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX billing.account_flags_open_idx`);
    await queryRunner.query(`ALTER TABLE billing.account_flags DROP COLUMN released_at`);
  }
}
