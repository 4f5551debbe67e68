import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LIMITS, type Asset, type Batch, type BatchSummary, type Publication, type PublicationSummaryReply } from '@printloom/contracts';
import { waitFor } from '@printloom/service-kit/testing';
import { startLocalShop, type LocalShop } from '../../services/publishing/src/local-shop/local-shop.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

type CreatedReply = { publications: Publication[]; skipped: string[] };

/**
 * Issue 43 through the API: a design's drafts are found again (creating them again skips the designs
 * that have one and says so; the library filters by "has a draft" and "published", publishing telling
 * assets which designs), and a collection carries a name made up from its template and values, which
 * its seller can change. Drafts go to the local Printify-shaped shop; designs are drawn at 5%.
 */
describe('drafts found again and named collections, through the gateway', () => {
  let system: TestSystem;
  let shop: LocalShop;

  beforeAll(async () => {
    shop = await startLocalShop({ tokens: ['local-shop-token'], mockupDelayMs: 100, minDpi: 14 });
    system = await startTestSystem({
      services: ['auth', 'billing', 'generation', 'assets', 'notifications', 'listings'],
      env: {
        LOCAL_RENDER_SCALE: '0.05',
        PRINTIFY_API_BASE: shop.apiBase,
        LOCAL_SHOP: 'true',
        MOCKUP_POLL_MS: '300',
        PUBLISHING_ACK_WAIT_MS: '4000',
      },
    });
    await system.startInstance('publishing', { PUBLIC_URL: system.baseUrl });
  }, 90_000);

  afterAll(async () => {
    await system?.close();
    await shop?.close();
  }, 30_000);

  async function proSeller(email: string): Promise<{ client: TestClient; apparelIds: string[] }> {
    const user = await createSignedInUser(system, email, { trialCredits: true, password: 'correct horse battery' });
    const checkout = await user.client.post<{ url: string }>('/api/stripe/checkout', { planId: 'pro' });
    await user.client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const { body } = await user.client.post<{ jobId: string }>('/api/generate', {
      prompt: "a fox in a canoe, 'Paddle On' in retro letters",
    });
    await waitFor(
      async () => (await user.client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded',
      { what: 'a generation job', timeoutMs: 60_000 },
    );
    const library = await user.client.get<{ assets: Asset[] }>('/api/assets');
    // The sticker variant (C) is too small for a tee at 5%.
    return { client: user.client, apparelIds: library.body.assets.filter((asset) => asset.variant !== 'C').map((asset) => asset.id) };
  }

  const publicationsOf = async (client: TestClient) =>
    (await client.get<{ publications: Publication[] }>('/api/publications')).body.publications;
  const libraryIds = async (client: TestClient, query: string) => {
    const { status, body } = await client.get<{ assets: Asset[] }>(`/api/assets${query}`);
    expect(status).toBe(200);
    return body.assets.map((asset) => asset.id).sort();
  };

  it('creates only the missing drafts, names the skipped designs, and filters the library by "has a draft" and "published"', async () => {
    const { client, apparelIds } = await proSeller('found-again@example.com');
    const [first, second, third] = apparelIds;
    const created = await client.post<CreatedReply>('/api/publications', { assetIds: [first, second], templateId: 'tee' });
    expect(created.status).toBe(202);
    expect(created.body.skipped).toEqual([]);
    await waitFor(async () => (await publicationsOf(client)).every((p) => p.status === 'draft_created'), {
      what: 'two drafts',
      timeoutMs: 90_000,
    });
    const productsBefore = shop.allProducts().length;

    // Opened again with one more design: the two drafted ones are skipped, only the third is made.
    const again = await client.post<CreatedReply>('/api/publications', { assetIds: [first, second, third], templateId: 'tee' });
    expect(again.status).toBe(202);
    expect([...again.body.skipped].sort()).toEqual([first, second].sort());
    expect(again.body.publications.find((p) => p.assetId === third)!.status).toBe('queued');
    expect(again.body.publications.filter((p) => p.assetId !== third).map((p) => p.status)).toEqual(['draft_created', 'draft_created']);
    await waitFor(async () => (await publicationsOf(client)).every((p) => p.status === 'draft_created'), {
      what: 'the third draft',
      timeoutMs: 90_000,
    });
    expect(shop.allProducts().length - productsBefore).toBe(1);
    expect(await publicationsOf(client)).toHaveLength(3);

    // Another template is another publication: nothing is skipped.
    const mug = await client.post<CreatedReply>('/api/publications', { assetIds: [first], templateId: 'tote' });
    expect(mug.body.skipped).toEqual([]);

    expect(await libraryIds(client, '?publication=draft')).toEqual([first, second, third].sort());
    expect(await libraryIds(client, '?publication=published')).toEqual([]);
    const all = await libraryIds(client, '');
    expect(all.length).toBeGreaterThan(3);

    // Published: the design moves from "has a draft" to "published".
    const secondTee = (await publicationsOf(client)).find((p) => p.assetId === second && p.templateId === 'tee')!;
    expect((await client.post(`/api/publications/${secondTee.id}/publish`)).status).toBe(202);
    // Asked while the publish is on its way: a page the gateway must not keep once it is done.
    await libraryIds(client, '?publication=published');
    await waitFor(async () => (await publicationsOf(client)).find((p) => p.id === secondTee.id)!.status === 'published', {
      what: 'the publish',
      timeoutMs: 90_000,
    });
    expect(await libraryIds(client, '?publication=published')).toEqual([second]);

    // The summary the library's badges and the drafts dialog read: per template, with the current shop named.
    const unknown = randomUUID();
    const summary = await client.get<PublicationSummaryReply>(`/api/publications/summary?assetIds=${second},${first},${unknown}`);
    expect(summary.status).toBe(200);
    const [secondSummary, firstSummary, unknownSummary] = summary.body.designs;
    expect(secondSummary).toEqual({ assetId: second, templates: [{ templateId: 'tee', state: 'published', draftInCurrentShop: true }] });
    expect(firstSummary!.assetId).toBe(first);
    expect(firstSummary!.templates).toContainEqual({ templateId: 'tee', state: 'draft', draftInCurrentShop: true });
    expect(unknownSummary).toEqual({ assetId: unknown, templates: [] });
    const tooMany = await client.get(`/api/publications/summary?assetIds=${Array.from({ length: 101 }, () => randomUUID()).join(',')}`);
    expect(tooMany).toMatchObject({ status: 400, body: { error: 'At most 100 designs at a time' } });
    expect(await client.get('/api/publications/summary?assetIds=not-a-design')).toMatchObject({ status: 400 });
    expect(await client.get('/api/publications/summary')).toMatchObject({ status: 400, body: { error: 'assetIds is required' } });
    // Another seller asking about these designs learns nothing.
    const stranger = await createSignedInUser(system, 'summary-stranger@example.com');
    const theirs = await stranger.client.get<PublicationSummaryReply>(`/api/publications/summary?assetIds=${first}`);
    expect(theirs.body.designs).toEqual([{ assetId: first, templates: [] }]);
    expect(await libraryIds(client, '?publication=draft')).toEqual([first, third].sort());
    expect(await libraryIds(client, '?publication=draft&starred=true')).toEqual([]);

    const bad = await client.get('/api/assets?publication=sold');
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringContaining("'draft' or 'published'") } });
  }, 240_000);

  it('names a collection from its template and values, never {value}; its seller renames it, another seller cannot', async () => {
    const { client } = await createSignedInUser(system, 'named-collection@example.com', { trialCredits: true });
    const created = await client.post<{ batch: Batch }>('/api/batches', {
      template: `a proud {value} with coffee, "World's Okayest {value}"`,
      values: ['Nurse', 'Teacher', 'Plumber'],
    });
    expect(created.status).toBe(201);
    const { id, name } = created.body.batch;
    expect(name).toBe("World's Okayest … (Nurse, Teacher, Plumber)");

    const renamed = await client.patch<{ batch: Batch }>(`/api/batches/${id}`, { name: '  Okayest jobs, spring drop  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.batch.name).toBe('Okayest jobs, spring drop');
    const listed = await client.get<{ batches: BatchSummary[] }>('/api/batches');
    expect(listed.body.batches.find((batch) => batch.id === id)!.name).toBe('Okayest jobs, spring drop');

    const blank = await client.patch(`/api/batches/${id}`, { name: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { error: 'Give the collection a name' } });
    const long = await client.patch(`/api/batches/${id}`, { name: 'x'.repeat(LIMITS.collectionNameMaxChars + 1) });
    expect(long).toMatchObject({ status: 400, body: { error: `The name is at most ${LIMITS.collectionNameMaxChars} characters` } });

    const other = await createSignedInUser(system, 'other-namer@example.com');
    expect((await other.client.patch(`/api/batches/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await client.get<{ batch: Batch }>(`/api/batches/${id}`)).body.batch.name).toBe('Okayest jobs, spring drop');

    // Its rows stop before the system does (a job still drawing at shutdown would answer a closed server).
    await client.post(`/api/batches/${id}/cancel`);
    await waitFor(async () => (await client.get<{ batch: Batch }>(`/api/batches/${id}`)).body.batch.status !== 'running', {
      what: 'the collection to stop',
      timeoutMs: 60_000,
    });
  }, 120_000);
});
