import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account keeps its address in `deleted_email` for the retention (the purge and support
 * need it) and frees `email` and `google_id`, so the person may sign up again as a new account.
 */
export class ReleaseDeletedIdentity1763800000016 implements MigrationInterface {
  name = 'ReleaseDeletedIdentity1763800000016';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.users ADD COLUMN deleted_email text`);
    await queryRunner.query(
      `UPDATE auth.users SET deleted_email = email, email = id || '@deleted.invalid', google_id = NULL, password_hash = NULL WHERE deleted_at IS NOT NULL AND deleted_email IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.users DROP COLUMN deleted_email`);
  }
}
