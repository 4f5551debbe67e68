import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase } from '@printloom/service-kit';
import { createTestDatabase, type TestDatabase } from '@printloom/service-kit/testing';
import { publishingDatabase } from '../src/database/database-options.js';
import { CatalogueTemplates1764300000040 } from '../src/database/migrations/1764300000040-catalogue-templates.js';
import { TemplateRepository } from '../src/repositories/template.repository.js';

const USER = '6f1c1a52-8b8e-4c36-9d8e-0a1b2c3d4e5f';

describe("the catalogue-templates migration converts sellers' saved templates", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('keeps their one print provider and turns colour and size into Printify options, in order', async () => {
    const migrations = publishingDatabase.migrations as { name: string }[];
    const catalogue = migrations.findIndex((migration) => migration.name === CatalogueTemplates1764300000040.name);
    const before = await openDatabase({ ...publishingDatabase, url: database.url, migrations: migrations.slice(0, catalogue) as never });
    await before.query(
      `INSERT INTO publishing.templates (id, user_id, name, product, blueprint_id, print_provider_id, variants, dark_colours)
       VALUES ($1, $2, 'Old tee', 'Tee', 12, 29, $3, '{Black}')`,
      [
        '0a8f1d2e-1111-4c36-9d8e-0a1b2c3d4e5f',
        USER,
        JSON.stringify([
          { colour: 'Black', size: 'M', price: 2300 },
          { colour: 'Sport Grey', size: '2XL', price: 2500 },
        ]),
      ],
    );
    await before.destroy();

    const after = await openDatabase({ ...publishingDatabase, url: database.url });
    try {
      const [template] = await new TemplateRepository(after).allOf(USER);
      expect(template).toMatchObject({
        name: 'Old tee',
        blueprintId: 12,
        printProviderIds: [29],
        variants: [
          { options: { color: 'Black', size: 'M' }, price: 2300 },
          { options: { color: 'Sport Grey', size: '2XL' }, price: 2500 },
        ],
        darkColours: ['Black'],
      });
      const [{ column }] = await after.query(
        `SELECT count(*)::int AS column FROM information_schema.columns
          WHERE table_schema = 'publishing' AND table_name = 'publications' AND column_name = 'print_provider_id'`,
      );
      expect(column).toBe(1);
    } finally {
      await after.destroy();
    }
  });
});
