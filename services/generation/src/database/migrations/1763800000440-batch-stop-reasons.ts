import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a batch stopped by itself (`payment_reversed`: billing refused its rows' credits because a refund
 * or dispute put the account on hold); null when it ran to the end or its seller cancelled it.
 */
export class BatchStopReasons1763800000440 implements MigrationInterface {
  name = 'BatchStopReasons1763800000440';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE generation.batches ADD COLUMN stop_reason text CHECK (stop_reason IN ('payment_reversed'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE generation.batches DROP COLUMN stop_reason`);
  }
}
