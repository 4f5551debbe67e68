import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One row per user who got an expiry reminder: when, and whether they want no more. */
export class ExpiryReminders1763800000303 implements MigrationInterface {
  name = 'ExpiryReminders1763800000303';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assets.expiry_reminders (
        user_id uuid PRIMARY KEY,
        last_sent_at timestamptz,
        unsubscribed_at timestamptz,
        unsubscribe_token uuid NOT NULL UNIQUE DEFAULT gen_random_uuid()
      )`);
    // Finding users with images about to expire: unstarred live images by expiry.
    await queryRunner.query(
      `CREATE INDEX assets_expiring_unstarred_idx ON assets.assets (expires_at) WHERE NOT starred AND deleting_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX assets.assets_expiring_unstarred_idx');
    await queryRunner.query('DROP TABLE assets.expiry_reminders');
  }
}
