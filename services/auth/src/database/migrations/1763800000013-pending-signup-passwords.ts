import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-up's password waits beside the verification code it mailed and becomes the account's only
 * when that code is entered, so nobody can set the password of an email they do not hold.
 */
export class PendingSignupPasswords1763800000013 implements MigrationInterface {
  name = 'PendingSignupPasswords1763800000013';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.codes ADD COLUMN pending_password_hash text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.codes DROP COLUMN pending_password_hash`);
  }
}
