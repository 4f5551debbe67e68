import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listing kits of more designs than one download takes, prepared in the background: the designs,
 * how many are prepared, and the claim of the instance preparing it (taken over when it goes stale).
 */
export class ListingKitJobs1763800000306 implements MigrationInterface {
  name = 'ListingKitJobs1763800000306';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assets.listing_kit_jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        asset_ids uuid[] NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'preparing', 'ready', 'failed')),
        prepared integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        error text,
        claimed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX listing_kit_jobs_user_idx ON assets.listing_kit_jobs (user_id, created_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX listing_kit_jobs_open_idx ON assets.listing_kit_jobs (created_at) WHERE status IN ('queued', 'preparing')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE assets.listing_kit_jobs');
  }
}
