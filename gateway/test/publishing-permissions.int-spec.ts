import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Asset, Publication } from '@printloom/contracts';
import { startAuthenticatedNatsServer, waitFor } from '@printloom/service-kit/testing';
import { startLocalShop, type LocalShop } from '../../services/publishing/src/local-shop/local-shop.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

// Publishing on a nats-server that admits only the apps' own users with what nats-access.ts derives
// (as in containers): its work queue, the account-deletion consumer and its requests to billing,
// listings and assets all work under those permissions.
describe('publishing under the generated NATS permissions', () => {
  let system: TestSystem;
  let shop: LocalShop;

  beforeAll(async () => {
    shop = await startLocalShop({ mockupDelayMs: 0, minDpi: 10 });
    system = await startTestSystem({
      services: ['auth', 'billing', 'assets', 'generation', 'listings'],
      nats: await startAuthenticatedNatsServer(),
      env: {
        LOCAL_RENDER_SCALE: '0.05',
        GENERATION_CONCURRENCY: '1',
        PRINTIFY_API_BASE: shop.apiBase,
        LOCAL_SHOP: 'true',
        MOCKUP_POLL_MS: '300',
      },
    });
    await system.startInstance('publishing', { PUBLIC_URL: system.baseUrl });
  }, 90_000);

  afterAll(async () => {
    await system?.close();
    await shop?.close();
  }, 30_000);

  it('drafts, fetches the mockups of and publishes a design', async () => {
    const { client } = await createSignedInUser(system, 'permitted-publisher@example.com');
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'studio' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const { body } = await client.post<{ jobId: string }>('/api/generate', { prompt: "a fox in a canoe, 'Paddle On' in retro letters" });
    await waitFor(async () => (await client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded', {
      timeoutMs: 60_000,
    });
    const [asset] = (await client.get<{ assets: Asset[] }>('/api/assets')).body.assets.filter((each) => each.variant !== 'C');
    const created = await client.post<{ publications: Publication[] }>('/api/publications', { assetIds: [asset!.id], templateId: 'tee' });
    expect(created.status).toBe(202);
    const read = async () => (await client.get<{ publications: Publication[] }>('/api/publications')).body.publications[0]!;
    await waitFor(async () => (await read()).mockups.length > 0, { what: 'a draft with its mockups', timeoutMs: 60_000 });
    expect((await client.post(`/api/publications/${created.body.publications[0]!.id}/publish`)).status).toBe(202);
    await waitFor(async () => (await read()).status === 'published', { what: 'the draft published', timeoutMs: 60_000 });
    expect(shop.allProducts()).toHaveLength(1);
  }, 180_000);
});
