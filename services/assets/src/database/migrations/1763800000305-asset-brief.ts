import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the local engine needs, beyond the prompt, job id and variant already kept, to draw a design
 * again for the other garment: the job's Black option and who drew it. Null on older rows (their
 * files for both garments are made by recolouring).
 */
export class AssetBrief1763800000305 implements MigrationInterface {
  name = 'AssetBrief1763800000305';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE assets.assets ADD COLUMN drawn_for_dark boolean, ADD COLUMN drawn_by text CHECK (drawn_by IN ('engine', 'image-model'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets.assets DROP COLUMN drawn_for_dark, DROP COLUMN drawn_by`);
  }
}
