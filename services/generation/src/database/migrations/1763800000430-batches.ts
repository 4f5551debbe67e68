import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batches (issue 31): a collection's rows wait here, not in the queue (no job timeout runs on them),
 * until the feeder turns a few per user into jobs. A row's job id is chosen when the row is written, so
 * feeding it again after a crash finds the same job and the same credit; `republished` marks a fed row
 * whose job was published again once (a publish lost to a crash). Jobs remember the designs
 * assets made of them and the batch row they came from.
 */
export class Batches1763800000430 implements MigrationInterface {
  name = 'Batches1763800000430';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE generation.batches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        source text NOT NULL CHECK (source IN ('template', 'csv')),
        template text,
        priority_tier integer NOT NULL DEFAULT 0,
        reservation_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'cancelled')),
        reservation_settled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX batches_user_idx ON generation.batches (user_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX batches_unsettled_idx ON generation.batches (created_at) WHERE NOT reservation_settled`);
    await queryRunner.query(`
      CREATE TABLE generation.batch_rows (
        id uuid PRIMARY KEY,
        batch_id uuid NOT NULL REFERENCES generation.batches (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        position integer NOT NULL CHECK (position > 0),
        prompt text NOT NULL,
        dark boolean NOT NULL DEFAULT false,
        transparent boolean NOT NULL DEFAULT true,
        job_id uuid NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'fed', 'cancelled')),
        fed_at timestamptz,
        republished boolean NOT NULL DEFAULT false,
        UNIQUE (batch_id, position)
      )`);
    await queryRunner.query(
      `CREATE INDEX batch_rows_waiting_idx ON generation.batch_rows (user_id, batch_id, position) WHERE status = 'waiting'`,
    );
    await queryRunner.query(`CREATE INDEX batch_rows_fed_at_idx ON generation.batch_rows (fed_at) WHERE status = 'fed'`);
    // The feeder serves the seller fed longest ago first.
    await queryRunner.query(`CREATE INDEX batch_rows_user_fed_idx ON generation.batch_rows (user_id, fed_at DESC) WHERE status = 'fed'`);
    await queryRunner.query(`ALTER TABLE generation.jobs ADD COLUMN asset_ids uuid[], ADD COLUMN batch_row_id uuid`);
    await queryRunner.query(
      `CREATE INDEX jobs_batch_unfinished_idx ON generation.jobs (user_id) WHERE batch_row_id IS NOT NULL AND status IN ('queued', 'generating', 'processing')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX generation.jobs_batch_unfinished_idx`);
    await queryRunner.query(`ALTER TABLE generation.jobs DROP COLUMN asset_ids, DROP COLUMN batch_row_id`);
    await queryRunner.query('DROP TABLE generation.batch_rows');
    await queryRunner.query('DROP TABLE generation.batches');
  }
}
