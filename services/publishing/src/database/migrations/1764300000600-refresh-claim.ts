import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A grant's refresh is claimed on its connection row (who and until when) instead of being made inside
 * the row lock's transaction: the call to Printify's token endpoint holds no transaction open, and a
 * claim left by a process that died runs out by itself.
 */
export class RefreshClaim1764300000600 implements MigrationInterface {
  name = 'RefreshClaim1764300000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE publishing.connections ADD COLUMN refresh_claim uuid, ADD COLUMN refresh_claimed_until timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.connections DROP COLUMN refresh_claim, DROP COLUMN refresh_claimed_until`);
  }
}
