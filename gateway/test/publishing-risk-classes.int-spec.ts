import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Asset, Publication } from '@printloom/contracts';
import { waitFor } from '@printloom/service-kit/testing';
import { startLocalShop, type LocalShop } from '../../services/publishing/src/local-shop/local-shop.js';
import { TrademarkIndexRepository } from '../../services/listings/src/repositories/trademark-index.repository.js';
import { syntheticEntry } from '../../services/listings/src/trademarks/synthetic-marks.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

const PASSWORD = 'correct horse battery';

/**
 * Issue 40: a listing's trademark risk is rated by the product the draft makes. The draft step sends
 * its template's classes with the listing check: a live mark for mugs (021) holds a mug for review
 * and lets a tee (025) through.
 */
describe('drafts held for a trademark risk in the class of their product', () => {
  let system: TestSystem;
  let shop: LocalShop;

  beforeAll(async () => {
    shop = await startLocalShop({ tokens: ['local-shop-token'], mockupDelayMs: 300, minDpi: 14 });
    system = await startTestSystem({
      services: ['auth', 'billing', 'generation', 'assets', 'notifications', 'listings'],
      env: {
        LOCAL_RENDER_SCALE: '0.05',
        PRINTIFY_API_BASE: shop.apiBase,
        LOCAL_SHOP: 'true',
        MOCKUP_POLL_MS: '400',
        PUBLISHING_ACK_WAIT_MS: '4000',
      },
    });
    await system.startInstance('publishing', { PUBLIC_URL: system.baseUrl });
    await new TrademarkIndexRepository(system.services.listings!.infra.dataSource).upsertEntries([
      syntheticEntry('95000001', 'BREWQUILL', ['021']),
    ]);
  }, 90_000);

  afterAll(async () => {
    await system?.close();
    await shop?.close();
  }, 30_000);

  it('holds the mug of a design whose title holds a live mug mark, and drafts its tee', async () => {
    const { client } = await createSignedInUser(system, 'mug-seller@example.com', { trialCredits: true, password: PASSWORD });
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const { body: job } = await client.post<{ jobId: string }>('/api/generate', {
      prompt: "a cat astronaut, 'Space Meow' in retro letters",
    });
    await waitFor(async () => (await client.get<{ job: { status: string } }>(`/api/jobs/${job.jobId}`)).body.job.status === 'succeeded', {
      what: 'a generation job',
      timeoutMs: 60_000,
    });
    const assetId = (await client.get<{ assets: Asset[] }>('/api/assets')).body.assets.find((asset) => asset.variant !== 'C')!.id;
    await client.post(`/api/assets/${assetId}/listing`, { target: 'etsy' });
    expect((await client.patch(`/api/assets/${assetId}/listing`, { target: 'etsy', title: 'Brewquill Cat Astronaut Tee' })).status).toBe(
      200,
    );

    for (const templateId of ['mug', 'tee'])
      expect((await client.post('/api/publications', { assetIds: [assetId], templateId, target: 'printify' })).status).toBe(202);
    let publications: Publication[] = [];
    const byTemplate = (id: string) => publications.find((publication) => publication.templateId === id);
    await waitFor(
      async () => {
        publications = (await client.get<{ publications: Publication[] }>('/api/publications')).body.publications;
        return byTemplate('mug')?.status === 'needs_review' && byTemplate('tee')?.status === 'draft_created';
      },
      {
        what: () => `the mug held and the tee drafted (${publications.map((p) => `${p.templateId}: ${p.status}`).join(', ')})`,
        timeoutMs: 90_000,
      },
    );
    expect(byTemplate('mug')!.review).toEqual([expect.stringContaining('BREWQUILL')]);
  }, 150_000);
});
