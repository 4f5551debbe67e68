import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Assets owns a collection's membership (issue 39, item 1): a design made in a batch is recorded with the
 * batch's id and its row's position from ingest on, so a collection's designs are one indexed query here
 * instead of a list asked of generation and then looked up one by one. `collections` knows each batch's
 * seller and whether the designs ingested before this table existed were given their batch
 * (`backfilled_at`, set once, from generation over NATS: this migration cannot read generation's schema).
 * The membership is a table of its own, not columns of `assets.assets`: stamping 800 older designs
 * there rewrote each row and its entries in the per-user trigram index (1.5 s measured); here it is
 * 800 narrow inserts.
 */
export class CollectionMembership1763800000330 implements MigrationInterface {
  name = 'CollectionMembership1763800000330';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assets.collections (
        batch_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        backfilled_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX collections_user_idx ON assets.collections (user_id)`);
    await queryRunner.query(`
      CREATE TABLE assets.collection_designs (
        asset_id uuid PRIMARY KEY REFERENCES assets.assets (id) ON DELETE CASCADE,
        batch_id uuid NOT NULL,
        position integer NOT NULL CHECK (position > 0)
      )`);
    await queryRunner.query(`CREATE INDEX collection_designs_batch_idx ON assets.collection_designs (batch_id, position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE assets.collection_designs`);
    await queryRunner.query(`DROP TABLE assets.collections`);
  }
}
