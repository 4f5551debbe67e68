import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listing copy per design and marketplace, the seller profile that feeds it, and the counts behind the
 * per-user hourly limit and the operator's daily spend ceiling on the text model.
 */
export class Listings1764000000100 implements MigrationInterface {
  name = 'Listings1764000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE listings.listings (
        user_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        target text NOT NULL CHECK (target IN ('etsy', 'merch', 'generic')),
        title text NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        description text NOT NULL,
        bullets text[] NOT NULL DEFAULT '{}',
        brand text NOT NULL DEFAULT '',
        writer text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (asset_id, target)
      )`);
    await queryRunner.query(`CREATE INDEX listings_user_idx ON listings.listings (user_id)`);
    await queryRunner.query(`
      CREATE TABLE listings.seller_profiles (
        user_id uuid PRIMARY KEY,
        shop_name text NOT NULL DEFAULT '',
        brand text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE listings.copy_writes (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX copy_writes_user_idx ON listings.copy_writes (user_id, written_at)`);
    await queryRunner.query(
      `CREATE TABLE listings.text_spend (day date PRIMARY KEY, requests integer NOT NULL DEFAULT 0 CHECK (requests >= 0))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE listings.text_spend');
    await queryRunner.query('DROP TABLE listings.copy_writes');
    await queryRunner.query('DROP TABLE listings.seller_profiles');
    await queryRunner.query('DROP TABLE listings.listings');
  }
}
