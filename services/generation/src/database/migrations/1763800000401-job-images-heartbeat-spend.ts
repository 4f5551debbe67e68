import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retries never multiply cost: each variant's print file is recorded as it completes (a redelivered job
 * draws only the missing ones), the job timeout counts from the worker's last heartbeat, and the
 * images asked of a paid provider are counted per UTC day for the spend ceiling.
 */
export class JobImagesHeartbeatSpend1763800000401 implements MigrationInterface {
  name = 'JobImagesHeartbeatSpend1763800000401';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE generation.jobs ADD COLUMN heartbeat_at timestamptz, ADD COLUMN notice text`);
    await queryRunner.query(`DROP INDEX generation.jobs_unfinished_idx`);
    await queryRunner.query(
      `CREATE INDEX jobs_unfinished_idx ON generation.jobs ((coalesce(heartbeat_at, created_at))) WHERE status IN ('queued', 'generating', 'processing')`,
    );
    await queryRunner.query(`
      CREATE TABLE generation.job_images (
        job_id uuid NOT NULL REFERENCES generation.jobs (id) ON DELETE CASCADE,
        variant text NOT NULL CHECK (variant IN ('A', 'B', 'C', 'D')),
        storage_key text NOT NULL,
        opaque_background boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job_id, variant)
      )`);
    await queryRunner.query(
      `CREATE TABLE generation.image_spend (day date PRIMARY KEY, images integer NOT NULL DEFAULT 0 CHECK (images >= 0))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE generation.image_spend');
    await queryRunner.query('DROP TABLE generation.job_images');
    await queryRunner.query(`DROP INDEX generation.jobs_unfinished_idx`);
    await queryRunner.query(
      `CREATE INDEX jobs_unfinished_idx ON generation.jobs (created_at) WHERE status IN ('queued', 'generating', 'processing')`,
    );
    await queryRunner.query(`ALTER TABLE generation.jobs DROP COLUMN heartbeat_at, DROP COLUMN notice`);
  }
}
