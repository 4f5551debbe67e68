import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Famous marks and phrases flagged whatever the USPTO index holds. `origin` says who added a row: the
 * seed list in the repository (trademarks/denylist-seed.ts, synced by RiskDenylistRepository.syncSeed),
 * an operator, or a seller (`user_id`: applies to that seller only, deleted with the account).
 */
export class RiskDenylist1763800000501 implements MigrationInterface {
  name = 'RiskDenylist1763800000501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE listings.risk_denylist (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        origin text NOT NULL CHECK (origin IN ('seed', 'operator', 'seller')),
        user_id uuid,
        phrase text NOT NULL,
        norm text NOT NULL CHECK (norm <> ''),
        level text NOT NULL CHECK (level IN ('high', 'medium', 'low')),
        classes text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((origin = 'seller') = (user_id IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX risk_denylist_shared_norm_idx ON listings.risk_denylist (norm) WHERE user_id IS NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX risk_denylist_seller_norm_idx ON listings.risk_denylist (user_id, norm) WHERE user_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE listings.risk_denylist');
  }
}
