import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Templates from the real catalogue (issue 40): an ordered list of print providers, and variants as
 * Printify's option values (`{options: {color, size}, price}`). A seller's saved template keeps its
 * one provider, and its colour and size become `color` and `size`. A publication records the provider used.
 */
export class CatalogueTemplates1764300000040 implements MigrationInterface {
  name = 'CatalogueTemplates1764300000040';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.templates ADD COLUMN print_provider_ids integer[]`);
    await queryRunner.query(`
      UPDATE publishing.templates SET
        print_provider_ids = ARRAY[print_provider_id],
        variants = (
          SELECT coalesce(jsonb_agg(jsonb_build_object(
                   'options', jsonb_build_object('color', variant->>'colour', 'size', variant->>'size'),
                   'price', variant->'price') ORDER BY position), '[]'::jsonb)
            FROM jsonb_array_elements(variants) WITH ORDINALITY AS listed(variant, position))`);
    await queryRunner.query(`ALTER TABLE publishing.templates ALTER COLUMN print_provider_ids SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE publishing.templates DROP COLUMN print_provider_id`);
    await queryRunner.query(`ALTER TABLE publishing.publications ADD COLUMN print_provider_id integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.publications DROP COLUMN print_provider_id`);
    await queryRunner.query(`ALTER TABLE publishing.templates ADD COLUMN print_provider_id integer`);
    await queryRunner.query(`
      UPDATE publishing.templates SET
        print_provider_id = print_provider_ids[1],
        variants = (
          SELECT coalesce(jsonb_agg(jsonb_build_object(
                   'colour', coalesce(variant->'options'->>'color', 'Default'),
                   'size', coalesce(variant->'options'->>'size', 'One size'),
                   'price', variant->'price') ORDER BY position), '[]'::jsonb)
            FROM jsonb_array_elements(variants) WITH ORDINALITY AS listed(variant, position))`);
    await queryRunner.query(`ALTER TABLE publishing.templates ALTER COLUMN print_provider_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE publishing.templates DROP COLUMN print_provider_ids`);
  }
}
