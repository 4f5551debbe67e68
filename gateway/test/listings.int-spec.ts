import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Asset, Listing } from '@printloom/contracts';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { readStoredZip } from './support/zip.js';
import { TrademarkIndexRepository } from '../../services/listings/src/repositories/trademark-index.repository.js';
import { syntheticEntry } from '../../services/listings/src/trademarks/synthetic-marks.js';

const PASSWORD = 'correct horse battery';

describe('listings through the API: per design and marketplace, edits checked by the rules, in the export, gone with the account', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem({
      services: ['auth', 'billing', 'generation', 'assets', 'notifications', 'listings', 'publishing'],
      env: { LOCAL_RENDER_SCALE: '0.05' },
    });
  }, 60_000);

  afterAll(() => system?.close(), 30_000);

  /** A seller with one finished design. */
  async function sellerWithDesign(email: string) {
    const user = await createSignedInUser(system, email, { trialCredits: true, password: PASSWORD });
    const { body } = await user.client.post<{ jobId: string }>('/api/generate', {
      prompt: "a cat astronaut, 'Space Meow' in retro letters",
    });
    await waitFor(
      async () => (await user.client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded',
    );
    const { body: library } = await user.client.get<{ assets: Asset[] }>('/api/assets');
    return { ...user, assetId: library.assets[0]!.id };
  }

  it('writes, reads and edits a listing for each target, free of credit; refuses a broken edit with 422, the field and the limit', async () => {
    const { client, assetId } = await sellerWithDesign('lister@example.com');
    const credits = (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
    for (const target of ['etsy', 'merch', 'generic'] as const) {
      const written = await client.post<{ listing: Listing }>(`/api/assets/${assetId}/listing`, { target });
      expect(written.status).toBe(200);
      // Merch wants a brand: a seller without one is told so on the listing.
      const problems = target === 'merch' ? [expect.objectContaining({ field: 'brand', rule: 'required' })] : [];
      expect(written.body.listing).toMatchObject({ target, problems, risks: [], brand: '' });
      expect(written.body.listing.title).toContain('Space Meow');
      expect(written.headers.get('cache-control')).toBe('private, no-store');
      const read = await client.get<{ listing: Listing }>(`/api/assets/${assetId}/listing?target=${target}`);
      expect(read).toMatchObject({ status: 200, body: written.body });
    }
    expect(creditsOf(await client.get<{ credits: number }>('/api/auth/me'))).toBe(credits);

    const edited = await client.patch<{ listing: Listing }>(`/api/assets/${assetId}/listing`, {
      target: 'etsy',
      title: 'Space Meow Cat Astronaut Tee',
      tags: ['space meow', 'cat astronaut'],
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { listing: { title: 'Space Meow Cat Astronaut Tee', tags: ['space meow', 'cat astronaut'] } },
    });

    const tooLong = await client.patch(`/api/assets/${assetId}/listing`, { target: 'merch', title: 'x'.repeat(61), brand: 'Meowtees' });
    expect(tooLong).toMatchObject({ status: 422, body: { code: 'LISTING_INVALID', field: 'title', limit: 60 } });
    expect(typeof tooLong.body.error).toBe('string');
    const badTag = await client.patch(`/api/assets/${assetId}/listing`, { target: 'etsy', tags: ['cats & dogs'] });
    expect(badTag).toMatchObject({ status: 422, body: { code: 'LISTING_INVALID', field: 'tags', limit: 'characters' } });
    const unchanged = await client.get<{ listing: Listing }>(`/api/assets/${assetId}/listing?target=merch`);
    expect(unchanged.body.listing.title).not.toBe('x'.repeat(61));

    expect((await client.post(`/api/assets/${assetId}/listing`, { target: 'ebay' })).status).toBe(400);
    expect((await client.get(`/api/assets/${assetId}/listing`)).status).toBe(400);
  }, 60_000);

  it("answers 404 for another seller's design and listing", async () => {
    const owner = await sellerWithDesign('owner@example.com');
    await owner.client.post(`/api/assets/${owner.assetId}/listing`, { target: 'etsy' });
    const other = await createSignedInUser(system, 'other@example.com');
    expect((await other.client.post(`/api/assets/${owner.assetId}/listing`, { target: 'etsy' })).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.client.post(`/api/assets/${owner.assetId}/listing`, { target: 'merch' })).status).toBe(404);
    expect((await other.client.get(`/api/assets/${owner.assetId}/listing?target=etsy`)).status).toBe(404);
    expect((await other.client.patch(`/api/assets/${owner.assetId}/listing`, { target: 'etsy', title: 'Mine' })).status).toBe(404);
  }, 60_000);

  it('keeps a seller profile that feeds new copy', async () => {
    const { client, assetId } = await sellerWithDesign('profile@example.com');
    expect((await client.get('/api/account/seller-profile')).body).toEqual({ profile: { shopName: '', brand: '' } });
    const saved = await client.request('PUT', '/api/account/seller-profile', { shopName: 'Meow Studio', brand: 'Meowtees' });
    expect(saved).toMatchObject({ status: 200, body: { profile: { shopName: 'Meow Studio', brand: 'Meowtees' } } });
    expect((await client.request('PUT', '/api/account/seller-profile', { shopName: 'x'.repeat(61), brand: '' })).status).toBe(400);
    const { body } = await client.post<{ listing: Listing }>(`/api/assets/${assetId}/listing`, { target: 'etsy' });
    expect(body.listing.description).toContain('Designed by Meow Studio with AI assistance');
    expect(body.listing.brand).toBe('Meowtees');
  }, 60_000);

  it("gives the four designs of one prompt distinct Etsy listings: each title led by its design's direction, tags sharing at most 8", async () => {
    const { client } = await sellerWithDesign('directions@example.com');
    const { body: library } = await client.get<{ assets: Asset[] }>('/api/assets');
    expect(library.assets).toHaveLength(4);
    const listings = await Promise.all(
      library.assets.map(
        async (asset) => (await client.post<{ listing: Listing }>(`/api/assets/${asset.id}/listing`, { target: 'etsy' })).body.listing,
      ),
    );
    expect(listings.map((listing) => listing.title.split(' Space Meow')[0]).sort()).toEqual([
      'Bold Type',
      'Distressed Retro',
      'Sticker Style',
      'Vintage Badge',
    ]);
    for (const [index, listing] of listings.entries())
      for (const other of listings.slice(index + 1))
        expect(listing.tags.filter((tag) => other.tags.includes(tag)).length).toBeLessThanOrEqual(8);
  }, 60_000);

  it('flags trademark risks in a text as the seller types, and refuses an empty text with 400', async () => {
    const { client } = await createSignedInUser(system, 'risk-checker@example.com');
    const flagged = await client.post<{ risks: Array<{ term: string; level: string; source: string; mark: string }> }>('/api/risk-check', {
      text: 'Just do it, cat astronaut',
    });
    expect(flagged.status).toBe(200);
    expect(flagged.body.risks).toEqual(
      expect.arrayContaining([expect.objectContaining({ term: 'just do it', level: 'high', source: 'denylist', mark: 'Just Do It' })]),
    );
    const ordinary = await client.post<{ risks: unknown[] }>('/api/risk-check', { text: 'dog mom coffee lover' });
    expect(ordinary).toMatchObject({ status: 200, body: { risks: [] } });
    expect(await client.post('/api/risk-check', { text: '   ' })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });

  it('rates a risk-check hit against the class of every ready product (no product is known yet), naming the class', async () => {
    await new TrademarkIndexRepository(system.services.listings!.infra.dataSource).upsertEntries([
      syntheticEntry('94000001', 'BREWQUILL', ['021']),
      syntheticEntry('94000002', 'TOTEWHISK', ['018']),
      syntheticEntry('94000003', 'CODEQUILL', ['009']),
    ]);
    const { client } = await createSignedInUser(system, 'class-checker@example.com');
    const checked = await client.post<{ risks: Array<{ mark: string; level: string; productClasses?: string[] }> }>('/api/risk-check', {
      text: 'brewquill mug, totewhisk tote, codequill app',
    });
    expect(checked.status).toBe(200);
    expect(checked.body.risks.map((risk) => [risk.mark, risk.level, risk.productClasses])).toEqual([
      ['BREWQUILL', 'high', ['021']],
      ['TOTEWHISK', 'high', ['018']],
      ['CODEQUILL', 'low', []],
    ]);
  });

  it("keeps a seller's own denylist (GET/POST/DELETE), which flags that seller's risk checks and listings only", async () => {
    const { client, assetId } = await sellerWithDesign('denylister@example.com');
    const { client: other } = await createSignedInUser(system, 'other-denylister@example.com');
    type Entry = { id: string; phrase: string; level: string; classes: string[]; createdAt: string };
    expect(await client.get('/api/account/denylist')).toMatchObject({ status: 200, body: { entries: [] } });

    const added = await client.post<{ entry: Entry }>('/api/account/denylist', { phrase: 'Space Meow', classes: ['025', '016', '025'] });
    expect(added).toMatchObject({ status: 200, body: { entry: { phrase: 'Space Meow', level: 'medium', classes: ['016', '025'] } } });
    expect(added.headers.get('cache-control')).toBe('private, no-store');
    const again = await client.post<{ entry: Entry }>('/api/account/denylist', { phrase: 'space-meow', level: 'high' });
    expect(again.body.entry).toMatchObject({ id: added.body.entry.id, level: 'high' });
    expect((await client.get<{ entries: Entry[] }>('/api/account/denylist')).body.entries).toEqual([again.body.entry]);

    const risks = (await client.post<{ risks: Array<Record<string, unknown>> }>('/api/risk-check', { text: 'A space meow tee' })).body
      .risks;
    expect(risks).toEqual([
      {
        term: 'space meow',
        level: 'high',
        source: 'denylist',
        classes: [],
        productClasses: ['016', '018', '021', '025'],
        mark: 'space-meow',
      },
    ]);
    expect((await other.post('/api/risk-check', { text: 'A space meow tee' })).body).toEqual({ risks: [] });
    const listing = await client.post<{ listing: Listing }>(`/api/assets/${assetId}/listing`, { target: 'generic' });
    expect(listing.body.listing.risks).toEqual(
      expect.arrayContaining([expect.objectContaining({ term: 'space meow', source: 'denylist', mark: 'space-meow' })]),
    );

    for (const body of [
      { phrase: '' },
      { phrase: '!!' },
      { phrase: 'ok phrase', level: 'severe' },
      { phrase: 'ok phrase', classes: ['099'] },
    ])
      expect(await client.post('/api/account/denylist', body)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await client.post('/api/account/denylist', { phrase: '日本語' })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await other.delete(`/api/account/denylist/${added.body.entry.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await client.delete('/api/account/denylist/not-a-uuid')).toMatchObject({ status: 400 });
    expect(await client.delete(`/api/account/denylist/${added.body.entry.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await client.delete(`/api/account/denylist/${added.body.entry.id}`)).toMatchObject({ status: 404 });
    expect((await client.post('/api/risk-check', { text: 'A space meow tee' })).body).toEqual({ risks: [] });
  }, 60_000);

  it('puts listings, the seller profile and the own denylist in the data export and removes them with the account', async () => {
    const { client, userId, assetId } = await sellerWithDesign('leaving-lister@example.com');
    await client.request('PUT', '/api/account/seller-profile', { shopName: 'Leaving Shop', brand: '' });
    await client.post(`/api/assets/${assetId}/listing`, { target: 'etsy' });
    await client.post('/api/account/denylist', { phrase: 'Leaving Phrase', level: 'low' });
    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
    const response = await fetch(`${system.baseUrl}/api/account/export`, { headers: { cookie: client.cookieHeader } });
    expect(response.status).toBe(200);
    const files = readStoredZip(Buffer.from(await response.arrayBuffer()));
    const exported = JSON.parse(files.get('listings.json')!.toString());
    expect(exported.sellerProfile).toEqual({ shopName: 'Leaving Shop', brand: '' });
    expect(exported.listings).toEqual([expect.objectContaining({ assetId, target: 'etsy', writer: 'local' })]);
    expect(exported.denylist).toEqual([expect.objectContaining({ phrase: 'Leaving Phrase', level: 'low', classes: [] })]);

    expect((await client.post('/api/account/delete', { confirmation: 'DELETE' })).status).toBe(200);
    const listings = system.services.listings!.infra.dataSource;
    await waitFor(async () => {
      const [{ n }] = await listings.query(
        `SELECT (SELECT count(*) FROM listings.listings WHERE user_id = $1)::int + (SELECT count(*) FROM listings.seller_profiles WHERE user_id = $1)::int
                + (SELECT count(*) FROM listings.risk_denylist WHERE user_id = $1)::int AS n`,
        [userId],
      );
      return n === 0;
    });
  }, 60_000);
});

const creditsOf = (me: { body: { credits: number } }) => me.body.credits;
