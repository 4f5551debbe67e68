import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxAndSupport1763800000100 implements MigrationInterface {
  name = 'OutboxAndSupport1763800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notifications.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL UNIQUE,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX outbox_due_idx ON notifications.outbox (next_attempt_at) WHERE status = 'pending'`);
    await queryRunner.query(`
      CREATE TABLE notifications.support_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid,
        type text NOT NULL CHECK (type IN ('support', 'feedback', 'feature')),
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notifications.support_messages');
    await queryRunner.query('DROP TABLE notifications.outbox');
  }
}
