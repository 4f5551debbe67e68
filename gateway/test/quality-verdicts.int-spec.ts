import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ASSETS, type Asset } from '@printloom/contracts';
import { renderVariant } from '@printloom/design-engine';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, jobImageKey, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

type Page = { assets: Asset[]; nextCursor: string | null };

// The library answer carries each design's quality verdict once assets measured it in the background;
// the gateway's cached page of the library does not hide it (assets announces the change).
describe('quality verdicts in the library answer (real PostgreSQL, NATS, storage and tesseract)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  async function ingest(userId: string, prompt: string, png: Buffer, jobId: string) {
    await storage.put(jobImageKey(jobId, 'B'), png, 'image/png');
    const images = [{ variant: 'B' as const, key: jobImageKey(jobId, 'B') }];
    return (await rpc.request(ASSETS.ingest, { userId, jobId, prompt, images, dark: false, drawnBy: 'engine', transparent: true }))
      .assetIds;
  }

  async function libraryOf(client: TestClient): Promise<{ page: Page; cacheControl: string | null }> {
    const response = await client.get<Page>('/api/assets');
    if (response.status !== 200) throw new Error(`GET /api/assets: ${response.status}`);
    return { page: response.body, cacheControl: response.headers.get('cache-control') };
  }

  beforeAll(async () => {
    system = await startTestSystem({
      services: ['auth', 'billing', 'assets'],
      env: { ASSET_QUALITY_VERDICTS: 'true', LIBRARY_CACHE_TTL_MS: '600000' },
    });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 30_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  }, 30_000);

  it('answers each generated design with quality { ok, checks: [{ name, ok, detail }] } once measured', async () => {
    const { client, userId } = await createSignedInUser(system, 'quality-verdicts@example.com');
    const prompt = "'Plant Lady' potted plants, boho";
    const jobId = randomUUID();
    const design = await renderVariant({ prompt, dark: false, seed: jobId, scale: 0.4 }, 'B');
    const [assetId] = (await ingest(userId, prompt, design.png, jobId)) as [string];
    let asset: Asset | undefined;
    for (let attempt = 0; attempt < 300 && !asset?.quality; attempt++) {
      const { page, cacheControl } = await libraryOf(client);
      expect(cacheControl).toBe('private, no-store');
      asset = page.assets.find((candidate) => candidate.id === assetId);
      expect(asset).toBeDefined();
      if (!asset!.quality) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(asset!.quality).toEqual({
      ok: expect.any(Boolean),
      checks: [
        { name: 'legibility', ok: expect.any(Boolean), detail: expect.any(String) },
        { name: 'contrast', ok: expect.any(Boolean), detail: expect.any(String) },
        { name: 'margin', ok: true, detail: 'Nothing within the 2% margin' },
        { name: 'transparency', ok: true, detail: 'Transparent background' },
      ],
    });
    expect(asset!.quality!.ok).toBe(asset!.quality!.checks.every((check) => check.ok));
  }, 60_000);
});
