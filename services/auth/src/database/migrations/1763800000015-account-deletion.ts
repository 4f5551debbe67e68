import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A deleted account is kept (unusable) for the retention the policy states, then removed. */
export class AccountDeletion1763800000015 implements MigrationInterface {
  name = 'AccountDeletion1763800000015';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.users ADD COLUMN deleted_at timestamptz, ADD COLUMN deletion_announced_at timestamptz`);
    await queryRunner.query(`CREATE INDEX users_deleted_idx ON auth.users (deleted_at) WHERE deleted_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.users DROP COLUMN deleted_at, DROP COLUMN deletion_announced_at`);
  }
}
