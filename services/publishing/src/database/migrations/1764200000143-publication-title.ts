import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The listing title a publication's draft carries: the drafts dialog names its rows by it (issue 43). */
export class PublicationTitle1764200000143 implements MigrationInterface {
  name = 'PublicationTitle1764200000143';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.publications ADD COLUMN title text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.publications DROP COLUMN title`);
  }
}
