import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every generated design's quality verdict (`{ ok, checks }`), measured in the background after it is
 * stored: null while pending. `quality_claimed_at` is a lease, so an instance that dies mid-measure
 * leaves the design to another; `transparent_asked` is the job's Transparent option (null on older rows).
 */
export class QualityVerdicts1763800000307 implements MigrationInterface {
  name = 'QualityVerdicts1763800000307';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE assets.assets ADD COLUMN quality jsonb, ADD COLUMN quality_claimed_at timestamptz, ADD COLUMN transparent_asked boolean`,
    );
    // The designs waiting for a verdict, newest first (a backlog of older designs never delays new ones).
    await queryRunner.query(
      `CREATE INDEX assets_quality_pending_idx ON assets.assets (created_at DESC) WHERE quality IS NULL AND kind = 'generated' AND deleting_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX assets.assets_quality_pending_idx`);
    await queryRunner.query(`ALTER TABLE assets.assets DROP COLUMN quality, DROP COLUMN quality_claimed_at, DROP COLUMN transparent_asked`);
  }
}
