import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { type Asset } from '@printloom/contracts';
import { type RunningService } from '@printloom/service-kit';
import { assetKey, createStorage, jobImageKey, storageEnvSchema, uploadKey, type ObjectStorage } from '@printloom/storage';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';
import { LocalProvider } from '../../services/generation/src/providers/local-provider.js';
import {
  ProviderError,
  type GeneratedImage,
  type GenerationInput,
  type ImageProvider,
} from '../../services/generation/src/providers/image-provider.js';
import { JobRepository } from '../../services/generation/src/repositories/job.repository.js';
import { BatchRepository } from '../../services/generation/src/repositories/batch.repository.js';
import { JobProcessor } from '../../services/generation/src/jobs/job-processor.js';
import { GenerationHousekeeping } from '../../services/generation/src/lifecycle/generation-housekeeping.js';

/** The local engine, except that describe can be held at a gate or made to fail. */
class DescribeControlledProvider implements ImageProvider {
  readonly name = 'describe-controlled';
  readonly billable = false;
  private local = new LocalProvider(0.05);
  describeCalls = 0;
  failDescribe = false;
  private gate: Promise<void> | null = null;
  private open: () => void = () => undefined;

  hold() {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release() {
    this.open();
    this.gate = null;
  }
  generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>) {
    return this.local.generate(input, deliver);
  }
  async describe(image: Buffer) {
    this.describeCalls += 1;
    if (this.gate) await this.gate;
    if (this.failDescribe) throw new ProviderError('The image service is unavailable right now. Please try again.', false);
    return this.local.describe(image);
  }
}

describe('data lifecycle across services: files and rows agree, nothing charged without a result (real PostgreSQL, NATS, storage)', () => {
  let system: TestSystem;
  let storage: ObjectStorage;
  let generation: RunningService;
  const provider = new DescribeControlledProvider();

  const credits = async (client: TestClient) => (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  };
  const describeImage = async (client: TestClient, signal?: AbortSignal) => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([png]), 'design.png');
    return fetch(`${system.baseUrl}/api/describe`, {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookieHeader, origin: 'http://localhost:8080' },
      signal,
    });
  };
  async function generate(client: TestClient, prompt: string) {
    const { body } = await client.post<{ jobId: string }>('/api/generate', { prompt });
    await waitFor(async () => (await client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded');
    return body.jobId;
  }
  /** Storage and the assets table agree exactly, and no staging file is left behind. */
  async function expectStorageAndDatabaseAgree() {
    const rows: Array<{ id: string; user_id: string }> = await system.services.assets!.infra.dataSource.query(
      'SELECT id, user_id FROM assets.assets',
    );
    const expected = rows
      .flatMap((row) => ['original.png', 'preview.webp', 'thumbnail.webp'].map((file) => assetKey(row.user_id, row.id, file)))
      .sort();
    expect(await keysUnder('u/')).toEqual(expected);
    expect(await keysUnder('jobs/')).toEqual([]);
    expect(await keysUnder('uploads/')).toEqual([]);
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'], env: { ASSET_ORPHAN_GRACE_MS: '0' } });
    storage = createStorage(storageEnvSchema.parse(system.env));
    generation = await startGenerationService(
      loadGenerationConfig({ ...system.env, LOCAL_RENDER_SCALE: '0.05', GENERATION_CONCURRENCY: '1' }),
      { provider },
    );
  }, 60_000);

  afterAll(async () => {
    await generation?.close();
    await system?.close();
  }, 30_000);

  it('after a burst of deletes, describes refused for credits, failed describes and failed jobs, storage and database agree exactly', async () => {
    const seller = await createSignedInUser(system, 'burst@example.com', { trialCredits: true });
    await generate(seller.client, "a cat astronaut, 'Space Meow'");
    await generate(seller.client, 'retro sunset over the mountains');
    const { assets } = (await seller.client.get<{ assets: Asset[] }>('/api/assets')).body;
    expect(assets).toHaveLength(8);

    // A job that staged its files and then died: the timeout sweeper fails it and removes them.
    const jobs = generation.app.get(JobRepository);
    const stuckJob = randomUUID();
    await jobs.create({
      id: stuckJob,
      userId: seller.userId,
      prompt: 'died while processing',
      dark: false,
      transparent: true,
      priorityTier: 0,
      reservationId: randomUUID(),
    });
    await storage.put(jobImageKey(stuckJob, 'A'), Buffer.from('staged'), 'image/png');
    const housekeeping = new GenerationHousekeeping(
      jobs,
      generation.app.get(BatchRepository),
      generation.app.get(JobProcessor),
      storage,
      generation.infra.rpc,
      {
        jobTimeoutMs: 0,
        stagingMaxAgeMs: 3600_000,
      },
    );

    const broke = await createSignedInUser(system, 'broke@example.com');
    provider.failDescribe = true;
    const [bulk, single, ...rest] = await Promise.all([
      seller.client.request('DELETE', '/api/assets', { ids: assets.slice(0, 5).map((asset) => asset.id) }),
      seller.client.request('DELETE', `/api/assets/${assets[5].id}`),
      seller.client.request('DELETE', `/api/assets/${assets[5].id}`),
      describeImage(broke.client),
      describeImage(broke.client),
      describeImage(seller.client),
      housekeeping.failStuckJobs(),
    ]);
    provider.failDescribe = false;
    expect(bulk.status).toBe(200);
    expect(single.status === 200 || (rest[0] as { status: number }).status === 200).toBe(true);
    const [, refused1, refused2, failed] = rest as Response[];
    expect([refused1.status, refused2.status]).toEqual([402, 402]);
    expect(await refused1.json()).toEqual({ error: 'Insufficient credits. Purchase more to continue.', code: 'INSUFFICIENT_CREDITS' });
    expect(failed.status).toBe(502);
    expect(await credits(seller.client)).toBe(8); // two generations; the failed describe was refunded
    expect((await seller.client.get<{ assets: Asset[] }>('/api/assets')).body.assets).toHaveLength(2);
    expect((await generation.app.get(JobRepository).find(stuckJob))?.status).toBe('failed');
    await expectStorageAndDatabaseAgree();
  }, 30_000);

  it('refunds a describe whose answer could not be delivered (the client went away)', async () => {
    const { client } = await createSignedInUser(system, 'walked-away@example.com', { trialCredits: true });
    provider.hold();
    const callsBefore = provider.describeCalls;
    const abort = new AbortController();
    const pending = describeImage(client, abort.signal).catch((error: Error) => error);
    await waitFor(async () => provider.describeCalls > callsBefore);
    expect(await credits(client)).toBe(9); // reserved while the description is being made
    abort.abort();
    expect(await pending).toHaveProperty('name', 'AbortError');
    provider.release();
    await waitFor(async () => (await credits(client)) === 10);
    await waitFor(async () => (await keysUnder('uploads/')).length === 0);
  }, 30_000);

  it('the staging sweeper removes jobs/ and uploads/ files a crash left behind, by age, and nothing fresh', async () => {
    const dir = system.env.STORAGE_DIR;
    const old = new Date(Date.now() - 2 * 3600_000);
    const leftovers = [jobImageKey(randomUUID(), 'A'), uploadKey(randomUUID(), randomUUID())];
    const fresh = [jobImageKey(randomUUID(), 'B'), uploadKey(randomUUID(), randomUUID())];
    for (const key of [...leftovers, ...fresh]) await storage.put(key, Buffer.from('staged'), 'image/png');
    for (const key of leftovers) await utimes(path.join(dir, key), old, old);
    const housekeeping = new GenerationHousekeeping(
      generation.app.get(JobRepository),
      generation.app.get(BatchRepository),
      generation.app.get(JobProcessor),
      storage,
      generation.infra.rpc,
      { jobTimeoutMs: 600_000, stagingMaxAgeMs: 3600_000 },
    );
    expect(await housekeeping.sweepStaging()).toEqual({ job_files: 1, uploads: 1 });
    expect([...(await keysUnder('jobs/')), ...(await keysUnder('uploads/'))].sort()).toEqual([...fresh].sort());
    await storage.delete(fresh);
    expect(await keysUnder('jobs/')).toEqual([]);
  }, 30_000);

  it('a delivered describe is charged once and leaves no upload', async () => {
    const { client } = await createSignedInUser(system, 'describer@example.com', { trialCredits: true });
    const response = await describeImage(client);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { description: string }).description).toMatch(/print-ready graphic design/);
    expect(await credits(client)).toBe(9);
    expect(await keysUnder('uploads/')).toEqual([]);
  }, 30_000);

  it('an upscale whose client went away still lands in the library, charged once', async () => {
    const { client } = await createSignedInUser(system, 'impatient@example.com', { trialCredits: true });
    await generate(client, 'a tiny design to upscale');
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'starter' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    const before = await credits(client);
    const [source] = (await client.get<{ assets: Asset[] }>('/api/assets')).body.assets;
    const abort = new AbortController();
    const pending = fetch(`${system.baseUrl}/api/assets/${source.id}/upscale`, {
      method: 'POST',
      body: JSON.stringify({ scaleFactor: 2 }),
      headers: { 'content-type': 'application/json', cookie: client.cookieHeader, origin: 'http://localhost:8080' },
      signal: abort.signal,
    }).catch((error: Error) => error);
    await waitFor(async () => (await credits(client)) === before - 2, 10_000); // reserved: the request arrived
    abort.abort();
    await pending;
    await waitFor(async () =>
      (await client.get<{ assets: Asset[] }>('/api/assets')).body.assets.some((asset) => asset.kind === 'upscaled'),
    );
    await waitFor(async () => (await credits(client)) === before - 2);
    const upscaled = (await client.get<{ assets: Asset[] }>('/api/assets')).body.assets.filter((asset) => asset.kind === 'upscaled');
    expect(upscaled).toHaveLength(1);
    expect(upscaled[0].sourceAssetId).toBe(source.id);
  }, 30_000);
});
