import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Design jobs take turns by seller (issue 37, item 4): `design_job_sellers` keeps when each seller's
 * job was last claimed, so that the next claim serves the seller served longest ago (one seller's three
 * jobs of 1,000 designs no longer hold another's kit up). `not_before` keeps a job handed back on a
 * full share from being claimed again at once. The open-jobs index now leads with the seller.
 */
export class DesignJobTurns1763800000316 implements MigrationInterface {
  name = 'DesignJobTurns1763800000316';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE assets.design_job_sellers (user_id uuid PRIMARY KEY, last_served_at timestamptz NOT NULL)`);
    await queryRunner.query(`ALTER TABLE assets.design_jobs ADD COLUMN not_before timestamptz`);
    await queryRunner.query(`DROP INDEX assets.design_jobs_open_idx`);
    await queryRunner.query(
      `CREATE INDEX design_jobs_open_idx ON assets.design_jobs (user_id, created_at) WHERE status IN ('queued', 'running')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX assets.design_jobs_open_idx`);
    await queryRunner.query(`CREATE INDEX design_jobs_open_idx ON assets.design_jobs (created_at) WHERE status IN ('queued', 'running')`);
    await queryRunner.query(`ALTER TABLE assets.design_jobs DROP COLUMN not_before`);
    await queryRunner.query(`DROP TABLE assets.design_job_sellers`);
  }
}
