import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, LIMITS, type Asset } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

type Page = { assets: Asset[]; nextCursor: string | null };

/** A small design on a plain background, as a generation job would hand over. */
function design(colour: string, background = { r: 255, g: 255, b: 255, alpha: 1 }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360"><rect x="80" y="100" width="140" height="160" rx="30" fill="${colour}"/></svg>`;
  return sharp({ create: { width: 300, height: 360, channels: 4, background } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

describe('the asset library through the gateway (real PostgreSQL, NATS and storage)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  /** What generation does: write the variants to storage, hand the keys to assets. */
  async function ingestJob(
    userId: string,
    prompt: string,
    variants: Array<'A' | 'B' | 'C' | 'D'> = ['A', 'B', 'C', 'D'],
    jobId = randomUUID(),
  ) {
    const images = [];
    for (const variant of variants) {
      const key = `jobs/${jobId}/${variant}.png`;
      await storage.put(key, await design('#e63946'), 'image/png');
      images.push({ variant, key });
    }
    return { jobId, ...(await rpc.request(ASSETS.ingest, { userId, jobId, prompt, images })) };
  }

  const list = async (client: TestClient, query = '') => {
    const response = await client.get<Page>(`/api/assets${query}`);
    if (response.status !== 200) throw new Error(`GET /api/assets${query}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('ingests a job once: a retried ingest makes no second copy', async () => {
    const { client, userId } = await createSignedInUser(system, 'ingest@example.com');
    const first = await ingestJob(userId, "a cat astronaut, 'Space Meow' in retro letters");
    const again = await rpc.request(ASSETS.ingest, {
      userId,
      jobId: first.jobId,
      prompt: 'x',
      images: [{ variant: 'A', key: `jobs/${first.jobId}/A.png` }],
    });
    expect(again.assetIds).toEqual([first.assetIds[0]]);
    const page = await list(client);
    expect(page.assets).toHaveLength(4);
    expect(page.assets[0]).toMatchObject({
      jobId: first.jobId,
      job: { prompt: "a cat astronaut, 'Space Meow' in retro letters" },
      starred: false,
      width: 300,
      height: 360,
    });
    const retention = Date.parse(page.assets[0].expiresAt) - Date.parse(page.assets[0].createdAt);
    expect(Math.round(retention / 86400_000)).toBe(LIMITS.retentionDays);
  });

  it('pages 24 at a time, newest first, without gaps or duplicates while new assets arrive', async () => {
    const { client, userId } = await createSignedInUser(system, 'pager@example.com');
    for (let i = 0; i < 13; i += 1) await ingestJob(userId, `design number ${i}`); // 52 assets
    const seen: string[] = [];
    let page = await list(client);
    expect(page.assets).toHaveLength(24);
    seen.push(...page.assets.map((asset) => asset.id));
    await ingestJob(userId, 'arrived while paging');
    while (page.nextCursor) {
      page = await list(client, `?cursor=${page.nextCursor}`);
      seen.push(...page.assets.map((asset) => asset.id));
    }
    expect(seen).toHaveLength(52);
    expect(new Set(seen).size).toBe(52);
    expect((await list(client)).assets[0].job.prompt).toBe('arrived while paging');
    expect(await client.get('/api/assets?cursor=garbage')).toMatchObject({ status: 400, body: { error: 'Invalid cursor' } });
  });

  it('searches prompt words case-insensitively and filters starred', async () => {
    const { client, userId } = await createSignedInUser(system, 'search@example.com');
    await ingestJob(userId, 'Retro SUNSET over mountains', ['A']);
    await ingestJob(userId, 'coffee first, adulting later', ['A']);
    await ingestJob(userId, '100% pure_cotton vibes', ['A']);
    expect((await list(client, '?search=sunset')).assets.map((asset) => asset.job.prompt)).toEqual(['Retro SUNSET over mountains']);
    expect((await list(client, '?search=MOUNTAINS%20retro')).assets).toHaveLength(1);
    expect((await list(client, '?search=mountains%20coffee')).assets).toHaveLength(0);
    expect((await list(client, '?search=100%25')).assets).toHaveLength(1);
    expect((await list(client, '?search=_')).assets).toHaveLength(1);
    const coffee = (await list(client, '?search=coffee')).assets[0];
    const starred = await client.patch<{ asset: Asset }>(`/api/assets/${coffee.id}/star`);
    expect(starred.body.asset.starred).toBe(true);
    expect(Math.round((Date.parse(starred.body.asset.expiresAt) - Date.now()) / 86400_000)).toBe(LIMITS.starredRetentionDays);
    expect((await list(client, '?starred=true')).assets.map((asset) => asset.id)).toEqual([coffee.id]);
    const unstarred = await client.patch<{ asset: Asset }>(`/api/assets/${coffee.id}/star`);
    expect(unstarred.body.asset.starred).toBe(false);
    expect(unstarred.body.asset.expiresAt).toBe(new Date(Date.parse(coffee.createdAt) + LIMITS.retentionDays * 86400_000).toISOString());
    expect(await client.get('/api/assets?starred=yes')).toMatchObject({ status: 400 });
  });

  it('downloads the original PNG with a name from the prompt, and cached thumbnails/previews with ETags', async () => {
    const { client, userId } = await createSignedInUser(system, 'download@example.com');
    const { assetIds } = await ingestJob(userId, "a cat astronaut, 'Space Meow' in retro letters", ['A']);
    const original = await fetch(`${system.baseUrl}/api/download/${assetIds[0]}?variant=original`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('content-disposition')).toContain('attachment; filename="space-meow-A.png"');
    const png = Buffer.from(await original.arrayBuffer());
    expect((await sharp(png).metadata()).format).toBe('png');

    const thumbnail = await fetch(`${system.baseUrl}/api/download/${assetIds[0]}?variant=original&size=thumbnail`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(384);
    const etag = thumbnail.headers.get('etag')!;
    const cached = await fetch(`${system.baseUrl}/api/download/${assetIds[0]}?size=thumbnail`, {
      headers: { cookie: client.cookieHeader, 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    const preview = await fetch(`${system.baseUrl}/api/download/${assetIds[0]}?size=preview`, { headers: { cookie: client.cookieHeader } });
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect(await client.get(`/api/download/${assetIds[0]}?size=huge`)).toMatchObject({ status: 400 });
  });

  it('streams a ZIP of many selected images', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip@example.com');
    const { assetIds } = await ingestJob(userId, "'Plant Mom' botanical badge");
    const response = await fetch(`${system.baseUrl}/api/download/zip?ids=${assetIds.join(',')}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    for (const variant of ['A', 'B', 'C', 'D']) expect(zip.includes(Buffer.from(`plant-mom-${variant}.png`))).toBe(true);
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    expect(await client.get(`/api/download/zip?ids=${tooMany}`)).toMatchObject({
      status: 400,
      body: { error: 'At most 100 images at a time' },
    });
  });

  it('deletes one or many (at most 100), rows and files', async () => {
    const { client, userId } = await createSignedInUser(system, 'deleter@example.com');
    const { assetIds } = await ingestJob(userId, 'to be deleted');
    expect(await client.delete(`/api/assets/${assetIds[0]}`)).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect(await storage.stat(`u/${userId}/${assetIds[0]}/original.png`)).toBeNull();
    expect(await client.delete('/api/assets', { ids: assetIds.slice(1) })).toMatchObject({ status: 200, body: { deleted: 3 } });
    expect((await list(client)).assets).toHaveLength(0);
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    expect(await client.delete('/api/assets', { ids: tooMany })).toMatchObject({
      status: 400,
      body: { error: 'At most 100 images at a time' },
    });
    expect(await client.delete('/api/assets', { ids: [] })).toMatchObject({ status: 400, body: { error: 'Select at least one image' } });
  });

  it("answers 404 for another user's asset on every route, and changes nothing", async () => {
    const owner = await createSignedInUser(system, 'owner-assets@example.com');
    const thief = await createSignedInUser(system, 'thief-assets@example.com');
    const { assetIds } = await ingestJob(owner.userId, 'mine, not yours');
    const [id] = assetIds;
    const attempts = [
      thief.client.patch(`/api/assets/${id}/star`),
      thief.client.delete(`/api/assets/${id}`),
      thief.client.delete('/api/assets', { ids: [id] }),
      thief.client.post(`/api/assets/${id}/remove-background`),
      thief.client.post(`/api/assets/${id}/upscale`, { scaleFactor: 2 }),
      thief.client.get(`/api/download/${id}?variant=original`),
      thief.client.get(`/api/download/${id}?size=thumbnail`),
      thief.client.get(`/api/download/zip?ids=${id}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response).toMatchObject({ status: 404, body: { error: 'Image not found' } });
    // A bulk delete that mixes in a foreign id deletes nothing at all.
    const mine = await ingestJob(thief.userId, 'thief own', ['A']);
    expect((await thief.client.delete('/api/assets', { ids: [mine.assetIds[0], id] })).status).toBe(404);
    expect((await list(thief.client)).assets).toHaveLength(1);
    expect((await list(owner.client)).assets.map((asset) => asset.starred)).toEqual([false, false, false, false]);
    expect((await list(thief.client)).assets.some((asset) => asset.id === id)).toBe(false);
  });

  it('removes a plain background into a new asset shown first, and refuses a busy one', async () => {
    const { client, userId } = await createSignedInUser(system, 'nobg@example.com');
    const { assetIds } = await ingestJob(userId, 'red badge', ['A']);
    const removed = await client.post<{ asset: Asset }>(`/api/assets/${assetIds[0]}/remove-background`);
    expect(removed.status).toBe(200);
    expect(removed.body.asset).toMatchObject({ kind: 'background-removed', sourceAssetId: assetIds[0], job: { prompt: 'red badge' } });
    const page = await list(client);
    expect(page.assets.map((asset) => asset.id)).toEqual([removed.body.asset.id, assetIds[0]]);
    const file = await fetch(`${system.baseUrl}/api/download/${removed.body.asset.id}`, { headers: { cookie: client.cookieHeader } });
    const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // top-left corner is now transparent
    expect(data[(180 * info.width + 150) * 4 + 3]).toBe(255); // the design stays

    const again = await client.post(`/api/assets/${removed.body.asset.id}/remove-background`);
    expect(again).toMatchObject({ status: 422, body: { error: 'This image already has a transparent background.' } });
  });

  it('upscales for plans that include it (2 credits), and tells a trial account which plan it needs', async () => {
    const { client, userId } = await createSignedInUser(system, 'upscaler@example.com');
    const { assetIds } = await ingestJob(userId, 'tiny design', ['A']);
    expect(await client.post(`/api/assets/${assetIds[0]}/upscale`, { scaleFactor: 2 })).toMatchObject({
      status: 403,
      body: { error: 'Upscaling 2× needs the Starter plan or higher.' },
    });
    expect(await client.post(`/api/assets/${assetIds[0]}/upscale`, { scaleFactor: 3 })).toMatchObject({
      status: 400,
      body: { error: 'scaleFactor must be 2 or 4' },
    });

    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'starter' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    expect(await client.post(`/api/assets/${assetIds[0]}/upscale`, { scaleFactor: 4 })).toMatchObject({
      status: 403,
      body: { error: 'Upscaling 4× needs the Creator plan or higher.' },
    });
    const upscaled = await client.post<{ creditsRemaining: number; asset: Asset }>(`/api/assets/${assetIds[0]}/upscale`, {
      scaleFactor: 2,
    });
    expect(upscaled.status).toBe(200);
    expect(upscaled.body.creditsRemaining).toBe(48);
    expect(upscaled.body.asset).toMatchObject({ kind: 'upscaled', width: 600, height: 720, sourceAssetId: assetIds[0] });
    expect((await list(client)).assets[0].id).toBe(upscaled.body.asset.id);
  });

  it('refuses an upscale that would pass 12,000 px with 422 and its reason, at no cost', async () => {
    const { client, userId } = await createSignedInUser(system, 'print-size@example.com');
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'creator' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const { assetIds } = await ingestJob(userId, 'shirt design', ['A']);
    await system.services.assets!.infra.dataSource.query(`UPDATE assets.assets SET width = 4500, height = 5400 WHERE id = $1`, [
      assetIds[0],
    ]);
    const before = (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
    expect(await client.post(`/api/assets/${assetIds[0]}/upscale`, { scaleFactor: 4 })).toMatchObject({
      status: 422,
      body: { error: 'This image is already large: 4× would exceed 12,000 px.' },
    });
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(before);
    expect((await list(client)).assets.map((asset) => asset.id)).toEqual([assetIds[0]]);
  });

  it('sweeps expired assets away, rows and files', async () => {
    const { client, userId } = await createSignedInUser(system, 'expired@example.com');
    const { assetIds } = await ingestJob(userId, 'short-lived', ['A', 'B']);
    await system.services.assets!.infra.dataSource.query(
      `UPDATE assets.assets SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [assetIds[0]],
    );
    expect((await list(client)).assets.map((asset) => asset.id)).toEqual([assetIds[1]]);
    const { AssetLifecycle } = await import('../../services/assets/src/asset-lifecycle.service.js');
    await system.services.assets!.app.get(AssetLifecycle).sweepExpired();
    const [{ count }] = await system.services.assets!.infra.dataSource.query(
      `SELECT count(*)::int AS count FROM assets.assets WHERE id = $1`,
      [assetIds[0]],
    );
    expect(count).toBe(0);
    expect(await storage.stat(`u/${userId}/${assetIds[0]}/original.png`)).toBeNull();
    expect(await storage.stat(`u/${userId}/${assetIds[1]}/original.png`)).not.toBeNull();
  });
});
