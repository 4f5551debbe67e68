import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pending sign-up is bound to the browser that started it: only the hash of its pending-sign-up
 * cookie is kept beside the password, and the password becomes the account's only when the code comes
 * back with that cookie. Codes gain the 'set-password' purpose (an account without a password sets one
 * with a code mailed to its own inbox).
 */
export class PendingSignupBrowser1763800000271 implements MigrationInterface {
  name = 'PendingSignupBrowser1763800000271';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.codes ADD COLUMN pending_signup_token_hash text`);
    await queryRunner.query(`ALTER TABLE auth.codes DROP CONSTRAINT codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE auth.codes ADD CONSTRAINT codes_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'set-password'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM auth.codes WHERE purpose = 'set-password'`);
    await queryRunner.query(`ALTER TABLE auth.codes DROP CONSTRAINT codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE auth.codes ADD CONSTRAINT codes_purpose_check CHECK (purpose IN ('verify-email', 'reset-password'))`,
    );
    await queryRunner.query(`ALTER TABLE auth.codes DROP COLUMN pending_signup_token_hash`);
  }
}
