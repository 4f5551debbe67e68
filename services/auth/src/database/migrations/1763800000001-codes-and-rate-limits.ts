import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CodesAndRateLimits1763800000001 implements MigrationInterface {
  name = 'CodesAndRateLimits1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE auth.codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, purpose)
      )`);
    await queryRunner.query(`
      CREATE TABLE auth.rate_limits (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL DEFAULT 0,
        PRIMARY KEY (key, window_start)
      )`);
    await queryRunner.query(`ALTER TABLE auth.sessions ADD COLUMN last_extended_at timestamptz NOT NULL DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE auth.sessions DROP COLUMN last_extended_at');
    await queryRunner.query('DROP TABLE auth.rate_limits');
    await queryRunner.query('DROP TABLE auth.codes');
  }
}
