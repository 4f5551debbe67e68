import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Support messages remember the sender's address, so sending is metered per IP and per email. */
export class SupportSenderIp1763800000113 implements MigrationInterface {
  name = 'SupportSenderIp1763800000113';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.support_messages ADD COLUMN ip text`);
    await queryRunner.query(`CREATE INDEX support_messages_ip_recent ON notifications.support_messages (ip, created_at)`);
    await queryRunner.query(`CREATE INDEX support_messages_email_recent ON notifications.support_messages (email, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX notifications.support_messages_email_recent');
    await queryRunner.query('DROP INDEX notifications.support_messages_ip_recent');
    await queryRunner.query('ALTER TABLE notifications.support_messages DROP COLUMN ip');
  }
}
