import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One row per background removal or upscale: per-user limits (running now, started this hour). */
export class ImageOperations1763800000302 implements MigrationInterface {
  name = 'ImageOperations1763800000302';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assets.image_operations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('background-removed', 'upscaled')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX image_operations_user_idx ON assets.image_operations (user_id, started_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE assets.image_operations');
  }
}
