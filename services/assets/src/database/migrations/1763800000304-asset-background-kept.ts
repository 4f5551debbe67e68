import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A generated image whose opaque background could not be removed is stored as it is, and says so. */
export class AssetBackgroundKept1763800000304 implements MigrationInterface {
  name = 'AssetBackgroundKept1763800000304';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.assets ADD COLUMN background_kept boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.assets DROP COLUMN background_kept`);
  }
}
