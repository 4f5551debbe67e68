import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each outbox mail records whose it is, so a deleted account's mail is purged by its id: by the time
 * of the purge its address may belong to a new account. Older rows are claimed when a deletion is
 * announced (see OutboxRepository.claimFor).
 */
export class MailOwner1763800000120 implements MigrationInterface {
  name = 'MailOwner1763800000120';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.outbox ADD COLUMN user_id uuid`);
    await queryRunner.query(`CREATE INDEX outbox_user_idx ON notifications.outbox (user_id) WHERE user_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX outbox_unowned_recipient_idx ON notifications.outbox (recipient) WHERE user_id IS NULL`);
    await queryRunner.query(`CREATE INDEX support_messages_user_idx ON notifications.support_messages (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX notifications.support_messages_user_idx');
    await queryRunner.query('DROP INDEX notifications.outbox_unowned_recipient_idx');
    await queryRunner.query('DROP INDEX notifications.outbox_user_idx');
    await queryRunner.query('ALTER TABLE notifications.outbox DROP COLUMN user_id');
  }
}
