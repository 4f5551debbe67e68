import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { PUBLISHING_MESSAGES } from '@printloom/contracts';
import type { RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  prepareTestStreams,
  startNatsServer,
  testServiceEnv,
  type TestDatabase,
  type TestNats,
} from '@printloom/service-kit/testing';
import { loadPublishingConfig } from '../src/config.js';
import { startPublishingService } from '../src/start.js';
import { startLocalShop, type LocalShop } from '../src/local-shop/local-shop.js';
import { LOCAL_CATALOGUE } from '../src/local-shop/catalogue.js';
import { PrintifyClient } from '../src/printify/printify-client.js';
import { PublicationStepsService } from '../src/publications/publication-steps.js';

const MINUTE = 60_000;

/**
 * The publish step's give-up (real PostgreSQL, the local shop keeping the product locked for an hour):
 * the time since `publish.json` is the publication's recorded `publish_sent_at`, so the test moves that
 * back instead of waiting. Under PUBLISH_GIVE_UP_MS (30 minutes) the step looks again at most 5 minutes
 * later; past it the publication ends publish_failed with "Still publishing on Printify after 30 minutes".
 */
describe('publishing given up on after 30 minutes still locked (the publish step against the local shop)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let shop: LocalShop;
  let publishing: RunningService;

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    await prepareTestStreams(nats);
    shop = await startLocalShop({ publishLockMs: 60 * MINUTE, minDpi: 1 });
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)]));
    publishing = await startPublishingService(
      loadPublishingConfig({ ...env, LOCAL_SHOP: 'true', PRINTIFY_API_BASE: shop.apiBase, PUBLIC_URL: 'http://127.0.0.1:9' }),
    );
  }, 60_000);

  afterAll(async () => {
    await publishing?.close();
    await shop?.close();
    await nats?.stop();
    await database?.drop();
  }, 30_000);

  /** A tee product in the local shop, published: locked for the hour. */
  async function lockedProduct(): Promise<string> {
    const client = new PrintifyClient({ baseUrl: shop.apiBase, token: 'local-shop-token', userAgent: 'Printloom-test/1.0' });
    const [{ id: shopId }] = await client.shops();
    const png = await sharp({ create: { width: 450, height: 540, channels: 4, background: '#00f' } })
      .png()
      .toBuffer();
    const upload = await client.uploadBase64('printloom-give-up-light.png', png);
    const ids = LOCAL_CATALOGUE[0]!.providers[0]!.variants.slice(0, 2).map((variant) => variant.id);
    const product = await client.createProduct(shopId!, {
      title: 'Slow tee',
      description: 'D',
      tags: ['t'],
      blueprint_id: LOCAL_CATALOGUE[0]!.id,
      print_provider_id: LOCAL_CATALOGUE[0]!.providers[0]!.id,
      variants: ids.map((id) => ({ id, price: 2499, is_enabled: true })),
      print_areas: [
        { variant_ids: ids, placeholders: [{ position: 'front', images: [{ id: upload.id, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }] },
      ],
    });
    await client.publish(shopId!, product.id);
    expect(await client.product(shopId!, product.id)).toMatchObject({ is_locked: true });
    return product.id;
  }

  const query = <T>(sql: string, params: unknown[]): Promise<T[]> => publishing.infra.dataSource.query(sql, params);
  const sentAgo = (id: string, ms: number) =>
    query(`UPDATE publishing.publications SET publish_sent_at = now() - $2 * interval '1 millisecond' WHERE id = $1`, [id, ms]);

  it('looks again while under 30 minutes (at most 5 minutes apart), then ends publish_failed telling the seller to check the product', async () => {
    const userId = randomUUID();
    const productId = await lockedProduct();
    const [{ id }] = await query<{ id: string }>(
      `INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key, status, external_id, publish_sent_at)
       VALUES (gen_random_uuid(), $1, gen_random_uuid(), 'tee', $2, 'publishing', $3, now()) RETURNING id`,
      [userId, `local:${userId}`, productId],
    );
    const steps = publishing.app.get(PublicationStepsService);
    const status = async () =>
      (
        await query<{ status: string; error_code: string | null; error_message: string | null }>(
          `SELECT status, error_code, error_message FROM publishing.publications WHERE id = $1`,
          [id],
        )
      )[0];

    await sentAgo(id, 29 * MINUTE);
    await expect(steps.run({ publicationId: id, step: 'publish' }, 1)).resolves.toEqual({ retryInMs: 5 * MINUTE });
    expect(await status()).toEqual({ status: 'publishing', error_code: null, error_message: null });

    await sentAgo(id, 30 * MINUTE + 1_000);
    await expect(steps.run({ publicationId: id, step: 'publish' }, 2)).resolves.toEqual({ done: true });
    expect(await status()).toEqual({
      status: 'publish_failed',
      error_code: 'PUBLISH_FAILED',
      error_message: PUBLISHING_MESSAGES.stillPublishing,
    });
  }, 60_000);
});
