import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deletes are ordered (mark, delete files, delete rows) so a crash at any step leaves a marked row
 * the sweeper finishes; a marked row is invisible to the user at once.
 */
export class DeletionMark1763800000301 implements MigrationInterface {
  name = 'DeletionMark1763800000301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.assets ADD COLUMN deleting_at timestamptz`);
    await queryRunner.query(`ALTER TABLE assets.assets ADD COLUMN unstarred_at timestamptz`);
    await queryRunner.query(`CREATE INDEX assets_deleting_idx ON assets.assets (deleting_at) WHERE deleting_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.assets DROP COLUMN deleting_at, DROP COLUMN unstarred_at`);
  }
}
