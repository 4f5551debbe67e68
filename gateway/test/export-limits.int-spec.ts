import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, LIMITS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { assetKey, createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import {
  EXPORTS_BUSY,
  ExportFitting,
  zipExportsBusy,
  zipTooManyExports,
} from '../../services/assets/src/renders/export-fitting.service.js';

// Dozens of print files made on a busy 2-core machine.
jest.setTimeout(240_000);

/** Big enough that a user's fittings are still under way while the rest of their requests arrive. */
const SLOW_PRESET = 'printful-dtg-tshirt';
/** Quicker (a mug wrap), for the flood: dozens of files. */
const FLOOD_PRESET = 'mug-15oz';
const [FLOOD_WIDTH, FLOOD_HEIGHT] = [2700, 1140];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function design() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="540"><rect x="75" y="60" width="300" height="420" rx="40" fill="#e63946"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('export limits: print files are made in the worker pool, within each user’s share (real PostgreSQL, NATS, storage)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;
  let original: Buffer;

  async function ingestMany(userId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const jobId = randomUUID();
      const key = `jobs/${jobId}/A.png`;
      await storage.put(key, original, 'image/png');
      const { assetIds } = await rpc.request(ASSETS.ingest, { userId, jobId, prompt: `'Design ${i}'`, images: [{ variant: 'A', key }] });
      ids.push(assetIds[0]!);
    }
    return ids;
  }

  const download = (client: TestClient, path: string, headers: Record<string, string> = {}) => client.download(path, headers);

  /** Fittings of export print files the pool finished, as its metric counts them. */
  async function fittingsDone(): Promise<number> {
    const metric = system.services.assets!.infra.metrics.registry.getSingleMetric('printloom_image_pool_tasks_total');
    if (!metric) return 0;
    const { values } = await metric.get();
    return values.find((value) => value.labels.operation === 'fit-export' && value.labels.outcome === 'done')?.value ?? 0;
  }

  const inFlight = (userId: string) => system.services.assets!.app.get(ExportFitting).inFlight(userId);

  /** A refusal answered before anything streamed: JSON with the reason and when to come back, no file. */
  function expectRefusedBeforeStreaming(refused: { response: Response; body: Buffer }, error: unknown) {
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.response.headers.get('content-disposition')).toBeNull();
    expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ code: 'RATE_LIMITED', error });
  }

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'assets'], env: { ASSET_WORKER_THREADS: '1' } });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 60_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
    original = await design();
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('fits in the image worker pool, once per asset and preset, even for two requests at once', async () => {
    const { client, userId } = await createSignedInUser(system, 'pool-export@example.com');
    const [assetId] = await ingestMany(userId, 1);
    const before = await fittingsDone();
    const [first, second] = await Promise.all([
      download(client, `/api/download/${assetId}?preset=${SLOW_PRESET}`),
      download(client, `/api/download/${assetId}?preset=${SLOW_PRESET}`),
    ]);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(await fittingsDone()).toBe(before + 1);
    expect(await storage.stat(assetKey(userId, assetId!, `export-${SLOW_PRESET}.png`))).not.toBeNull();
    // Kept: asked again, it is served without fitting.
    expect((await download(client, `/api/download/${assetId}?preset=${SLOW_PRESET}`)).response.status).toBe(200);
    expect(await fittingsDone()).toBe(before + 1);
  });

  it('answers a flood of one user’s preset downloads past their share with 429 and Retry-After before any byte; others are still served', async () => {
    const flooder = await createSignedInUser(system, 'flood@example.com');
    const other = await createSignedInUser(system, 'neighbour@example.com');
    const flood = LIMITS.exportFittingsQueued + 12;
    const ids = await ingestMany(flooder.userId, flood);
    const [theirs] = await ingestMany(other.userId, 1);

    const answers = Promise.all(ids.map((id) => download(flooder.client, `/api/download/${id}?preset=${FLOOD_PRESET}`)));
    await waitFor(() => inFlight(flooder.userId) >= LIMITS.exportFittingsRunning, { what: 'the flood under way' });
    const neighbour = await download(other.client, `/api/download/${theirs}?preset=sticker-3in`);
    const results = await answers;

    expect(neighbour.response.status).toBe(200);
    expect((await sharp(neighbour.body).metadata()).width).toBe(900);
    const refused = results.filter((result) => result.response.status === 429);
    const served = results.filter((result) => result.response.status === 200);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeGreaterThanOrEqual(LIMITS.exportFittingsQueued);
    expect(refused.length + served.length).toBe(flood);
    for (const result of refused) expectRefusedBeforeStreaming(result, EXPORTS_BUSY);
    // Every 200 is a whole print file, never one cut off.
    for (const result of served) {
      const meta = await sharp(result.body).metadata();
      expect([meta.width, meta.height]).toEqual([FLOOD_WIDTH, FLOOD_HEIGHT]);
    }
    expect(inFlight(flooder.userId)).toBe(0);
  });

  it('refuses a preset ZIP whose files still to make pass the share, before its first byte, and makes none of them', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-limit@example.com');
    const tooMany = LIMITS.exportFittingsQueued + 1;
    const ids = await ingestMany(userId, tooMany);
    const whole = await download(client, `/api/download/zip?ids=${ids.join(',')}&preset=sticker-3in`);
    expect(whole.response.status).toBe(422);
    expect(whole.response.headers.get('content-disposition')).toBeNull();
    expect(whole.body.subarray(0, 2).toString('latin1')).not.toBe('PK');
    expect(JSON.parse(whole.body.toString('utf8'))).toMatchObject({
      code: 'UNPROCESSABLE',
      error: zipTooManyExports(tooMany, 'sticker-3in'),
    });
    for (const id of ids) expect(await storage.stat(assetKey(userId, id, 'export-sticker-3in.png'))).toBeNull();

    // Files made already do not count: with one made, the same ZIP fits and is served whole.
    expect((await download(client, `/api/download/${ids[0]}?preset=sticker-3in`)).response.status).toBe(200);
    const zip = await download(client, `/api/download/zip?ids=${ids.join(',')}&preset=sticker-3in`);
    expect(zip.response.status).toBe(200);
    expect(zip.body.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('answers a preset ZIP that would pass the share while the user’s other exports run with 429 and Retry-After, no bytes', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-busy@example.com');
    const zipped = LIMITS.exportFittingsQueued - 4;
    const ids = await ingestMany(userId, zipped + 6);
    const [singles, inZip] = [ids.slice(zipped), ids.slice(0, zipped)];
    const answers = Promise.all(singles.map((id) => download(client, `/api/download/${id}?preset=${SLOW_PRESET}`)));
    await waitFor(() => inFlight(userId) > LIMITS.exportFittingsQueued - zipped, { what: 'the single exports under way' });
    const zip = await download(client, `/api/download/zip?ids=${inZip.join(',')}&preset=sticker-3in`);
    const [before, after] = zipExportsBusy(zipped, 999).split('999');
    expectRefusedBeforeStreaming(zip, expect.stringMatching(new RegExp(`^${escape(before!)}\\d+${escape(after!)}$`)));
    expect(zip.body.subarray(0, 2).toString('latin1')).not.toBe('PK');
    for (const id of inZip) expect(await storage.stat(assetKey(userId, id, 'export-sticker-3in.png'))).toBeNull();
    expect((await answers).map((result) => result.response.status)).toEqual(singles.map(() => 200));
  });
});
