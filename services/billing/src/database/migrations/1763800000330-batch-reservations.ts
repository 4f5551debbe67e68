import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A batch's reservation (reason `batch`) gives its credits away row by row (BILLING.split): it may
 * reach 0 while still held, until the batch ends and releases what is left. `split_from` names the
 * reservation a row's credit came out of.
 */
export class BatchReservations1763800000330 implements MigrationInterface {
  name = 'BatchReservations1763800000330';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.reservations DROP CONSTRAINT IF EXISTS reservations_amount_check`);
    await queryRunner.query(`ALTER TABLE billing.reservations ADD CONSTRAINT reservations_amount_check CHECK (amount >= 0)`);
    await queryRunner.query(`ALTER TABLE billing.reservations ADD COLUMN split_from uuid REFERENCES billing.reservations (id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.reservations DROP COLUMN split_from`);
    await queryRunner.query(`ALTER TABLE billing.reservations DROP CONSTRAINT reservations_amount_check`);
    await queryRunner.query(`ALTER TABLE billing.reservations ADD CONSTRAINT reservations_amount_check CHECK (amount > 0)`);
  }
}
