import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A collection's name (issue 43): made up from its template and values when it starts, then its
 * seller's. Null for batches older than it (their name is made up from the template when read).
 */
export class BatchNames1763800000450 implements MigrationInterface {
  name = 'BatchNames1763800000450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE generation.batches ADD COLUMN name text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE generation.batches DROP COLUMN name`);
  }
}
