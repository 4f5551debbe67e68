import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publishing as Printify does it (issue 40): `publish_failed` (the channel refused; the product is kept),
 * the listing's URL once published, and when `publish.json` was sent (the polls and the 30-minute give-up count from it).
 */
export class PublishOutcome1764300000041 implements MigrationInterface {
  name = 'PublishOutcome1764300000041';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.publications DROP CONSTRAINT publications_status_check`);
    await queryRunner.query(`
      ALTER TABLE publishing.publications ADD CONSTRAINT publications_status_check CHECK (status IN
        ('queued', 'uploading', 'draft_created', 'failed', 'needs_review', 'publish_waiting', 'publishing', 'published', 'publish_failed'))`);
    await queryRunner.query(`ALTER TABLE publishing.publications ADD COLUMN listing_url text, ADD COLUMN publish_sent_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.publications DROP COLUMN listing_url, DROP COLUMN publish_sent_at`);
    await queryRunner.query(`UPDATE publishing.publications SET status = 'failed' WHERE status = 'publish_failed'`);
    await queryRunner.query(`ALTER TABLE publishing.publications DROP CONSTRAINT publications_status_check`);
    await queryRunner.query(`
      ALTER TABLE publishing.publications ADD CONSTRAINT publications_status_check CHECK (status IN
        ('queued', 'uploading', 'draft_created', 'failed', 'needs_review', 'publish_waiting', 'publishing', 'published'))`);
  }
}
