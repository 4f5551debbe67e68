import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Ledger1763800000200 implements MigrationInterface {
  name = 'Ledger1763800000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing.credit_lots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('trial', 'plan', 'rollover', 'topup')),
        source_ref text NOT NULL UNIQUE,
        credits_granted integer NOT NULL CHECK (credits_granted >= 0),
        credits_remaining integer NOT NULL CHECK (credits_remaining >= 0),
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX credit_lots_user_idx ON billing.credit_lots (user_id) WHERE credits_remaining > 0`);
    await queryRunner.query(`
      CREATE TABLE billing.reservations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        ref text NOT NULL UNIQUE,
        reason text NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'committed', 'released')),
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX reservations_held_idx ON billing.reservations (created_at) WHERE status = 'held'`);
    await queryRunner.query(`
      CREATE TABLE billing.reservation_parts (
        reservation_id uuid NOT NULL REFERENCES billing.reservations(id),
        lot_id uuid NOT NULL REFERENCES billing.credit_lots(id),
        amount integer NOT NULL CHECK (amount > 0),
        PRIMARY KEY (reservation_id, lot_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE billing.ledger_entries (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL,
        lot_id uuid REFERENCES billing.credit_lots(id),
        reservation_id uuid REFERENCES billing.reservations(id),
        kind text NOT NULL CHECK (kind IN ('grant', 'reserve', 'release', 'expire')),
        delta integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ledger_entries_user_idx ON billing.ledger_entries (user_id, created_at)`);
    await queryRunner.query(`
      CREATE TABLE billing.subscriptions (
        user_id uuid PRIMARY KEY,
        plan_id text NOT NULL,
        status text NOT NULL,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        stripe_customer_id text,
        stripe_subscription_id text UNIQUE,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE billing.checkout_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('subscription', 'topup')),
        item_id text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'canceled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE billing.processed_events (
        event_id text PRIMARY KEY,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE billing.customers (
        user_id uuid PRIMARY KEY,
        stripe_customer_id text NOT NULL UNIQUE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'customers',
      'processed_events',
      'checkout_sessions',
      'subscriptions',
      'ledger_entries',
      'reservation_parts',
      'reservations',
      'credit_lots',
    ]) {
      await queryRunner.query(`DROP TABLE billing.${table}`);
    }
  }
}
