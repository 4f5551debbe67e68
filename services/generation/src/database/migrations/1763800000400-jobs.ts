import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Jobs1763800000400 implements MigrationInterface {
  name = 'Jobs1763800000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE generation.jobs (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        prompt text NOT NULL,
        dark boolean NOT NULL DEFAULT false,
        transparent boolean NOT NULL DEFAULT true,
        priority_tier integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'generating', 'processing', 'succeeded', 'failed')),
        error text,
        reservation_id uuid,
        attempts integer NOT NULL DEFAULT 0,
        provider_ms integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX jobs_user_idx ON generation.jobs (user_id, created_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX jobs_unfinished_idx ON generation.jobs (created_at) WHERE status IN ('queued', 'generating', 'processing')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE generation.jobs');
  }
}
