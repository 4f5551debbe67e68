import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, MOCKUP_SIZE, type Mockup } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

jest.setTimeout(120_000);

describe('garment mockups through the gateway (real PostgreSQL, NATS, storage and worker pool)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  async function ingest(userId: string): Promise<string> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="540"><rect x="75" y="60" width="300" height="300" rx="40" fill="#2a9d8f"/></svg>`;
    const jobId = randomUUID();
    const key = `jobs/${jobId}/A.png`;
    await storage.put(key, await sharp(Buffer.from(svg)).png().toBuffer(), 'image/png');
    const { assetIds } = await rpc.request(ASSETS.ingest, { userId, jobId, prompt: '"Teal Square" club', images: [{ variant: 'A', key }] });
    return assetIds[0]!;
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 60_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it("lists a design's 8 mockups and downloads one as a 2000×2000 JPEG; another user gets 404", async () => {
    const { client, userId } = await createSignedInUser(system, 'mockups@example.com');
    const assetId = await ingest(userId);
    const listed = await client.get<{ mockups: Mockup[] }>(`/api/assets/${assetId}/mockups`);
    expect(listed.status).toBe(200);
    expect(listed.body.mockups.map((mockup) => mockup.id)).toEqual([
      'tee-white',
      'tee-black',
      'tee-heather-grey',
      'tee-navy',
      'hoodie-black',
      'tote-natural',
      'mug-white',
      'poster-black-frame',
    ]);
    expect(new Set(listed.body.mockups.map((mockup) => mockup.product))).toEqual(new Set(['tee', 'hoodie', 'tote', 'mug', 'poster']));

    const black = listed.body.mockups.find((mockup) => mockup.id === 'tee-black')!;
    const response = await fetch(`${system.baseUrl}${black.url}`, { headers: { cookie: client.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toContain('teal-square-mockup-tee-black.jpg');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', MOCKUP_SIZE, MOCKUP_SIZE]);

    const { client: other } = await createSignedInUser(system, 'mockups-other@example.com');
    const list = await other.get<{ code: string }>(`/api/assets/${assetId}/mockups`);
    expect([list.status, list.body.code]).toEqual([404, 'NOT_FOUND']);
    const image = await fetch(`${system.baseUrl}${black.url}`, { headers: { cookie: other.cookieHeader } });
    expect(image.status).toBe(404);
  });

  it('refuses an unknown mockup with a 400 naming the choices, and a signed-out request with 401', async () => {
    const { client, userId } = await createSignedInUser(system, 'mockups-bad@example.com');
    const assetId = await ingest(userId);
    const unknown = await client.get<{ error: string; code: string }>(`/api/assets/${assetId}/mockups/tee-purple`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('tee-white');
    const signedOut = await fetch(`${system.baseUrl}/api/assets/${assetId}/mockups`);
    expect(signedOut.status).toBe(401);
  });
  it("keeps an external (Printify) mockup only when its bytes are the image they claim, only on the owner's design", async () => {
    const { client, userId } = await createSignedInUser(system, 'external-mockups@example.com');
    const assetId = await ingest(userId);
    const publicationId = randomUUID();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const request = {
      userId,
      assetId,
      publicationId,
      product: 'Mug',
      index: 1,
      contentType: 'image/jpeg' as const,
      base64: png.toString('base64'),
    };
    await expect(rpc.request(ASSETS.storeExternalMockups, request)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expect(
      rpc.request(ASSETS.storeExternalMockups, { ...request, userId: randomUUID(), contentType: 'image/png' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const { id } = await rpc.request(ASSETS.storeExternalMockups, { ...request, contentType: 'image/png' });
    expect(id).toBe(`printify-${publicationId.replace(/-/g, '').slice(0, 8)}-1`);
    const listed = await client.get<{ mockups: Mockup[] }>(`/api/assets/${assetId}/mockups`);
    expect(listed.body.mockups.filter((mockup) => mockup.source === 'printify')).toEqual([
      { id, product: 'Mug', colour: 'Printify', url: `/api/assets/${assetId}/mockups/${id}`, source: 'printify' },
    ]);
    const image = await client.get(`/api/assets/${assetId}/mockups/${id}`);
    expect(image.status).toBe(200);
  });
});
