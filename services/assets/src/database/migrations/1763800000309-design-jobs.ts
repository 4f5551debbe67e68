import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listing kit jobs become design jobs: one table and one runner for every job that walks a list of
 * designs one by one (a listing kit, and the bulk actions of issue 31: download, export, star, unstar,
 * delete). A job keeps what its action needs (the batch it was started for, the export preset, the
 * garment); statuses take the bulk jobs' words (a kit's `preparing`/`ready` are `running`/`done`).
 */
export class DesignJobs1763800000309 implements MigrationInterface {
  name = 'DesignJobs1763800000309';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.listing_kit_jobs RENAME TO design_jobs`);
    await queryRunner.query(`ALTER TABLE assets.design_jobs DROP CONSTRAINT listing_kit_jobs_status_check`);
    await queryRunner.query(`ALTER TABLE assets.design_jobs RENAME COLUMN prepared TO processed`);
    await queryRunner.query(
      `UPDATE assets.design_jobs SET status = CASE status WHEN 'preparing' THEN 'running' WHEN 'ready' THEN 'done' ELSE status END`,
    );
    await queryRunner.query(`
      ALTER TABLE assets.design_jobs
        ADD CONSTRAINT design_jobs_status_check CHECK (status IN ('queued', 'running', 'done', 'failed')),
        ADD COLUMN action text NOT NULL DEFAULT 'kit' CHECK (action IN ('kit', 'download', 'export', 'star', 'unstar', 'delete')),
        ADD COLUMN batch_id uuid,
        ADD COLUMN preset text,
        ADD COLUMN garment text CHECK (garment IN ('light', 'dark'))`);
    await queryRunner.query(`ALTER TABLE assets.design_jobs ALTER COLUMN action DROP DEFAULT`);
    await queryRunner.query(`DROP INDEX assets.listing_kit_jobs_open_idx`);
    await queryRunner.query(`ALTER INDEX assets.listing_kit_jobs_user_idx RENAME TO design_jobs_user_idx`);
    await queryRunner.query(`ALTER INDEX assets.listing_kit_jobs_pkey RENAME TO design_jobs_pkey`);
    await queryRunner.query(`CREATE INDEX design_jobs_open_idx ON assets.design_jobs (created_at) WHERE status IN ('queued', 'running')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM assets.design_jobs WHERE action <> 'kit'`);
    await queryRunner.query(`DROP INDEX assets.design_jobs_open_idx`);
    await queryRunner.query(`ALTER INDEX assets.design_jobs_user_idx RENAME TO listing_kit_jobs_user_idx`);
    await queryRunner.query(`ALTER INDEX assets.design_jobs_pkey RENAME TO listing_kit_jobs_pkey`);
    await queryRunner.query(`
      ALTER TABLE assets.design_jobs
        DROP CONSTRAINT design_jobs_status_check,
        DROP COLUMN action, DROP COLUMN batch_id, DROP COLUMN preset, DROP COLUMN garment`);
    await queryRunner.query(
      `UPDATE assets.design_jobs SET status = CASE status WHEN 'running' THEN 'preparing' WHEN 'done' THEN 'ready' ELSE status END`,
    );
    await queryRunner.query(`ALTER TABLE assets.design_jobs RENAME COLUMN processed TO prepared`);
    await queryRunner.query(
      `ALTER TABLE assets.design_jobs ADD CONSTRAINT listing_kit_jobs_status_check CHECK (status IN ('queued', 'preparing', 'ready', 'failed'))`,
    );
    await queryRunner.query(`ALTER TABLE assets.design_jobs RENAME TO listing_kit_jobs`);
    await queryRunner.query(
      `CREATE INDEX listing_kit_jobs_open_idx ON assets.listing_kit_jobs (created_at) WHERE status IN ('queued', 'preparing')`,
    );
  }
}
