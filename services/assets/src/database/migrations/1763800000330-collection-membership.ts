import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Assets owns a collection's membership (issue 39, item 1): a design made in a batch carries the batch's
 * id and its row's position from ingest on, so a collection's designs are one indexed query here instead
 * of a list asked of generation and then looked up one by one. `collections` knows each batch's seller
 * and whether the designs ingested before this column existed were given their batch (`backfilled_at`,
 * set once, from generation over NATS: this migration cannot read generation's schema).
 */
export class CollectionMembership1763800000330 implements MigrationInterface {
  name = 'CollectionMembership1763800000330';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.assets ADD COLUMN batch_id uuid, ADD COLUMN batch_position integer`);
    await queryRunner.query(
      `CREATE INDEX assets_batch_idx ON assets.assets (batch_id, batch_position, variant) WHERE batch_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE assets.collections (
        batch_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        backfilled_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX collections_user_idx ON assets.collections (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE assets.collections`);
    await queryRunner.query(`DROP INDEX assets.assets_batch_idx`);
    await queryRunner.query(`ALTER TABLE assets.assets DROP COLUMN batch_id, DROP COLUMN batch_position`);
  }
}
