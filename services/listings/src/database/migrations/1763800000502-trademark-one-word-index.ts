import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A btree of the one-word distinctive marks' normal forms, for the risk check's one-typo lookups (a
 * few thousand variants of a text's unfamiliar words, `norm = ANY(...)`). Without it the planner
 * answers that equality from the trigram GIN index (pg_trgm supports `=`), a hundred times slower.
 */
export class TrademarkOneWordIndex1763800000502 implements MigrationInterface {
  name = 'TrademarkOneWordIndex1763800000502';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX trademarks_one_word_idx ON listings.trademarks (norm) WHERE distinctive AND token_count = 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX listings.trademarks_one_word_idx');
  }
}
