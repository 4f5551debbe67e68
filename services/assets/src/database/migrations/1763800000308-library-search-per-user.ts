import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Library search is always one seller's: one GIN index on (user_id, prompt trigrams) answers "this
 * seller's designs whose prompt holds these words" without walking a big library (a seller with
 * 100,000 designs searching for a word none of them has) or the whole table's matches (a common word).
 * It replaces the prompt-only trigram index. `fastupdate = off`: a pending list of unindexed rows (up to
 * 4 MB) would be scanned by every search until a vacuum merged it (measured: 300 ms a search after a
 * bulk of new designs); a library gets a few rows per job, so writing each into the index is cheap. btree_gin puts the uuid in a GIN index; the role
 * provisioning creates it as the admin (a service role may not), as it does pg_trgm.
 */
export class LibrarySearchPerUser1763800000308 implements MigrationInterface {
  name = 'LibrarySearchPerUser1763800000308';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN CREATE EXTENSION btree_gin; END IF; END $$`,
    );
    await queryRunner.query(
      `CREATE INDEX assets_user_prompt_trgm_idx ON assets.assets USING gin (user_id, prompt gin_trgm_ops) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`DROP INDEX assets.assets_prompt_trgm_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX assets_prompt_trgm_idx ON assets.assets USING gin (prompt gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX assets.assets_user_prompt_trgm_idx`);
  }
}
