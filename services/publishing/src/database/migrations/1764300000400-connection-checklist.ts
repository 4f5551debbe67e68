import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The items of a connection's one-time checklist the seller ticked (issue 40: the Etsy production partner). */
export class ConnectionChecklist1764300000400 implements MigrationInterface {
  name = 'ConnectionChecklist1764300000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.connections ADD COLUMN checklist_done text[] NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.connections DROP COLUMN checklist_done`);
  }
}
