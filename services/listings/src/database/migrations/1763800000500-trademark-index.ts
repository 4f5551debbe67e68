import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The USPTO trademark index the importer fills and the risk check reads: one row per live word mark in
 * classes 009/016/021/025, with the normal form (btree for exact matches, trigram GIN for phrases),
 * the normalised pseudo-mark (respellings) and per-word phonetic keys (their space-joined run indexed
 * for phonetic matches). Near matches (phonetic, typo, trigram) look only at `distinctive` marks, those
 * with a word outside the everyday list, so their indexes cover only those rows.
 */
export class TrademarkIndex1763800000500 implements MigrationInterface {
  name = 'TrademarkIndex1763800000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The role provisioning (scripts/migrate.mjs, as the admin) creates pg_trgm: a service role may not.
    await queryRunner.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN CREATE EXTENSION pg_trgm; END IF; END $$`,
    );
    await queryRunner.query(`
      CREATE TABLE listings.trademarks (
        serial text PRIMARY KEY,
        mark text NOT NULL,
        pseudo_mark text,
        norm text NOT NULL,
        pseudo_norm text,
        token_count smallint NOT NULL,
        distinctive boolean NOT NULL,
        classes text[] NOT NULL,
        status_code text NOT NULL,
        phonetic_keys text[] NOT NULL,
        phonetic text NOT NULL,
        filing_date date,
        registration_date date,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX trademarks_norm_idx ON listings.trademarks (norm)`);
    await queryRunner.query(`CREATE INDEX trademarks_pseudo_norm_idx ON listings.trademarks (pseudo_norm) WHERE pseudo_norm IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX trademarks_phonetic_idx ON listings.trademarks (phonetic) WHERE distinctive`);
    await queryRunner.query(`CREATE INDEX trademarks_norm_trgm_idx ON listings.trademarks USING gin (norm gin_trgm_ops) WHERE distinctive`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE listings.trademarks');
  }
}
