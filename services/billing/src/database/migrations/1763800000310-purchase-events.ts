import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchases as the server saw them (a subscription started, a pack paid, a plan cancelled), kept until
 * the buyer's browser claims them once for analytics: with Stripe the browser never sees the payment.
 */
export class PurchaseEvents1763800000310 implements MigrationInterface {
  name = 'PurchaseEvents1763800000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE billing.purchase_events (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL,
      event text NOT NULL CHECK (event IN ('subscription_started', 'topup_purchase', 'subscription_cancelled')),
      source_ref text NOT NULL UNIQUE,
      params jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz
    )`);
    await queryRunner.query(`CREATE INDEX purchase_events_unclaimed ON billing.purchase_events (user_id) WHERE claimed_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE billing.purchase_events`);
  }
}
