import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A mail that can be unsubscribed from keeps its one-click URL, sent as List-Unsubscribe (RFC 8058). */
export class OutboxListUnsubscribe1763800000121 implements MigrationInterface {
  name = 'OutboxListUnsubscribe1763800000121';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.outbox ADD COLUMN list_unsubscribe text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.outbox DROP COLUMN list_unsubscribe');
  }
}
