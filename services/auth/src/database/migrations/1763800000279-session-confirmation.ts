import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `confirmed_at`: when this session last proved it is the account's owner (a sign-in, a password
 * re-entered, an emailed code). Leaving (export, deletion) needs it recent. Sessions from before have
 * none: their owner confirms once. A new code purpose, 'confirm-session', for accounts with neither a
 * password nor Google.
 */
export class SessionConfirmation1763800000279 implements MigrationInterface {
  name = 'SessionConfirmation1763800000279';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.sessions ADD COLUMN confirmed_at timestamptz`);
    await queryRunner.query(`ALTER TABLE auth.codes DROP CONSTRAINT IF EXISTS codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE auth.codes ADD CONSTRAINT codes_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'set-password', 'confirm-session'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM auth.codes WHERE purpose = 'confirm-session'`);
    await queryRunner.query(`ALTER TABLE auth.codes DROP CONSTRAINT codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE auth.codes ADD CONSTRAINT codes_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'set-password'))`,
    );
    await queryRunner.query(`ALTER TABLE auth.sessions DROP COLUMN confirmed_at`);
  }
}
