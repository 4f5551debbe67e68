import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Assets1763800000300 implements MigrationInterface {
  name = 'Assets1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE assets.assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        job_id uuid,
        variant text CHECK (variant IN ('A', 'B', 'C', 'D')),
        kind text NOT NULL DEFAULT 'generated' CHECK (kind IN ('generated', 'background-removed', 'upscaled')),
        source_asset_id uuid,
        prompt text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        starred boolean NOT NULL DEFAULT false,
        original_size bigint NOT NULL,
        etag text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    // A retried ingest of the same job never makes a second copy of a variant.
    await queryRunner.query(`CREATE UNIQUE INDEX assets_job_variant_uq ON assets.assets (job_id, variant) WHERE kind = 'generated'`);
    // Keyset pagination: newest first, per user.
    await queryRunner.query(`CREATE INDEX assets_user_page_idx ON assets.assets (user_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX assets_user_starred_idx ON assets.assets (user_id, created_at DESC, id DESC) WHERE starred`);
    await queryRunner.query(`CREATE INDEX assets_prompt_trgm_idx ON assets.assets USING gin (prompt gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX assets_expires_idx ON assets.assets (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE assets.assets');
  }
}
