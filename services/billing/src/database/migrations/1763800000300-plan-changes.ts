import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan changes: a downgrade waits in `scheduled_plan_id` until the next renewal; a local checkout may
 * be a change from one plan (`from_plan_id`) to another.
 */
export class PlanChanges1763800000300 implements MigrationInterface {
  name = 'PlanChanges1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.subscriptions ADD COLUMN scheduled_plan_id text`);
    await queryRunner.query(`ALTER TABLE billing.checkout_sessions ADD COLUMN from_plan_id text`);
    await queryRunner.query(`ALTER TABLE billing.checkout_sessions DROP CONSTRAINT checkout_sessions_kind_check`);
    await queryRunner.query(
      `ALTER TABLE billing.checkout_sessions ADD CONSTRAINT checkout_sessions_kind_check CHECK (kind IN ('subscription', 'topup', 'plan_change'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM billing.checkout_sessions WHERE kind = 'plan_change'`);
    await queryRunner.query(`ALTER TABLE billing.checkout_sessions DROP CONSTRAINT checkout_sessions_kind_check`);
    await queryRunner.query(
      `ALTER TABLE billing.checkout_sessions ADD CONSTRAINT checkout_sessions_kind_check CHECK (kind IN ('subscription', 'topup'))`,
    );
    await queryRunner.query(`ALTER TABLE billing.checkout_sessions DROP COLUMN from_plan_id`);
    await queryRunner.query(`ALTER TABLE billing.subscriptions DROP COLUMN scheduled_plan_id`);
  }
}
