import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { statusesOfState } from '@printloom/contracts';
import { openDatabase } from '@printloom/service-kit';
import { createTestDatabase, type TestDatabase } from '@printloom/service-kit/testing';
import type { DataSource } from 'typeorm';
import { publishingDatabase } from '../src/database/database-options.js';
import { PublicationRepository } from '../src/repositories/publication.repository.js';
import { printifyConnectionKey } from '../src/connections/connection-key.js';

const USER = randomUUID();
const OLD_SHOP = printifyConnectionKey(USER, 1);
const CURRENT_SHOP = printifyConnectionKey(USER, 2);
const STATES = { published: statusesOfState('published'), draft: statusesOfState('draft') };

/**
 * The publication summary (the library's badges, the drafts dialog): complete past the 500 rows the
 * list answers, and "in the current shop" by exactly the rule creating drafts skips a design by.
 */
describe('publication summary (real PostgreSQL, real migrations)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let repository: PublicationRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDatabase({ ...publishingDatabase, url: database.url });
    repository = new PublicationRepository(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const insert = (assetId: string, templateId: string, connectionKey: string, status: string, externalId: string | null = null) =>
    dataSource.query(
      `INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key, status, external_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), USER, assetId, templateId, connectionKey, status, externalId],
    );

  it('answers an old design past 500 newer publications, per template, with the current shop named', async () => {
    const oldDesign = randomUUID();
    await insert(oldDesign, 'tee', OLD_SHOP, 'draft_created', 'p-old');
    await insert(oldDesign, 'mug', CURRENT_SHOP, 'published', 'p-mug');
    await dataSource.query(
      `INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key, status, created_at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'tee', $2, 'draft_created', now() + interval '1 minute'
         FROM generate_series(1, 520)`,
      [USER, CURRENT_SHOP],
    );
    expect((await repository.listOf(USER)).some((publication) => publication.assetId === oldDesign)).toBe(false);

    const summary = await repository.summaryOf(USER, [oldDesign], STATES, CURRENT_SHOP);
    expect(summary).toEqual([
      { assetId: oldDesign, templateId: 'mug', published: true, drafted: false, inCurrentShop: true },
      // A draft in a shop no longer connected: still a draft, but it does not block a new one here.
      { assetId: oldDesign, templateId: 'tee', published: false, drafted: true, inCurrentShop: false },
    ]);
    expect(await repository.summaryOf(randomUUID(), [oldDesign], STATES, CURRENT_SHOP)).toEqual([]);
  });

  it('marks in the current shop exactly the designs creating drafts skips', async () => {
    const retried = randomUUID(); // failed before its product: asked again, it goes back in line
    const keptProduct = randomUUID(); // failed after its product was made: answered as it is
    const elsewhere = randomUUID();
    const fresh = randomUUID();
    await insert(retried, 'tee', CURRENT_SHOP, 'failed');
    await insert(keptProduct, 'tee', CURRENT_SHOP, 'failed', 'p-kept');
    await insert(elsewhere, 'tee', OLD_SHOP, 'draft_created', 'p-else');
    const asked = [retried, keptProduct, elsewhere, fresh];

    const summary = await repository.summaryOf(USER, asked, STATES, CURRENT_SHOP);
    const inCurrentShop = summary.filter((row) => row.inCurrentShop).map((row) => row.assetId);
    const made = await repository.createManyOrGet(
      { userId: USER, assetIds: asked, templateId: 'tee', connectionKey: CURRENT_SHOP },
      randomUUID,
    );
    const skipped = made.filter((item) => item.existed).map((item) => item.publication.assetId);
    expect(inCurrentShop).toEqual([keptProduct]);
    expect(skipped).toEqual(inCurrentShop);
    // Without a shop to draft in, nothing is in the current shop.
    expect((await repository.summaryOf(USER, asked, STATES, null)).some((row) => row.inCurrentShop)).toBe(false);
  });
});
