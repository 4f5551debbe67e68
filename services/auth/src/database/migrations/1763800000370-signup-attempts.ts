import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A code purpose, 'signup-attempt': a sign-up for an address that already has a verified account is
 * recorded as a pending sign-up is (the hash of the chosen password and of the browser's pending-sign-up
 * cookie), so that a login with that password from that browser answers "verify" as for a new address.
 * Its code is never mailed and nothing consumes it: it can never verify or set anything.
 */
export class SignupAttempts1763800000370 implements MigrationInterface {
  name = 'SignupAttempts1763800000370';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.codes DROP CONSTRAINT IF EXISTS codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE auth.codes ADD CONSTRAINT codes_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'set-password', 'confirm-session', 'signup-attempt'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM auth.codes WHERE purpose = 'signup-attempt'`);
    await queryRunner.query(`ALTER TABLE auth.codes DROP CONSTRAINT codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE auth.codes ADD CONSTRAINT codes_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'set-password', 'confirm-session'))`,
    );
  }
}
