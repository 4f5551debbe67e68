import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS } from '@printloom/contracts';
import { renderVariant } from '@printloom/design-engine';
import { jobImageKey, type ObjectStorage } from '@printloom/storage';
import { startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';
import { GARMENTS } from '../src/renders/print-files/garments.js';
import { inkContrast, REQUIRED_INK_SHARE } from '../src/renders/print-files/ink-contrast.js';
import { makeGarmentFile } from '../src/renders/print-files/garment-file.js';

/** Counts every write per key: a derived file made twice shows as two writes. */
function countingWrites(storage: ObjectStorage): ObjectStorage & { writes: Map<string, number> } {
  const writes = new Map<string, number>();
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property === 'writes') return writes;
      if (property === 'put')
        return (key: string, ...rest: unknown[]) => {
          writes.set(key, (writes.get(key) ?? 0) + 1);
          return (target.put as (...args: unknown[]) => Promise<void>).call(target, key, ...rest);
        };
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as ObjectStorage & { writes: Map<string, number> };
}

describe('assets: light and dark print files (real PostgreSQL, NATS, storage and worker pool)', () => {
  let system: AssetsTestSystem<ObjectStorage & { writes: Map<string, number> }>;
  const PROMPT = "'Reel Cool Dad' fishing dad with a fish, retro sunset";

  /** An engine design as generation hands it over: the job's brief travels with it. */
  async function engineDesign(userId: string, brief: { dark?: boolean; drawnBy?: 'engine' } = { dark: false, drawnBy: 'engine' }) {
    const jobId = randomUUID();
    const { png } = await renderVariant({ prompt: PROMPT, dark: brief.dark ?? false, seed: jobId, scale: 0.05 }, 'A');
    await system.storage.put(jobImageKey(jobId, 'A'), png, 'image/png');
    const { assetIds } = await system.rpc.request(ASSETS.ingest, {
      userId,
      jobId,
      prompt: PROMPT,
      images: [{ variant: 'A', key: jobImageKey(jobId, 'A') }],
      ...brief,
    });
    return { assetId: assetIds[0]!, png };
  }

  const pixelsOf = async (key: string) => {
    const { data, info } = await sharp(await system.storage.getBuffer(key))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info };
  };

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'print-files', wrapStorage: countingWrites, rpcTimeoutMs: 60_000 });
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  });

  it('makes the other garment’s file of an engine design on first request, once, and keeps it beside the original', async () => {
    const userId = randomUUID();
    const { assetId, png } = await engineDesign(userId);
    const [listed] = (await system.rpc.request(ASSETS.list, { userId, starred: false })).assets;
    expect(listed!.garment).toBe('light');

    const asked = () => system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'dark' });
    const [first, second] = await Promise.all([asked(), asked()]);
    expect(first.key).toBe(second.key);
    expect(first.key).toMatch(new RegExp(`${assetId}/garment-dark\\.png$`));
    expect((await asked()).key).toBe(first.key);
    expect(system.storage.writes.get(first.key)).toBe(1);

    const { data, info } = await pixelsOf(first.key);
    const original = await sharp(png).metadata();
    expect([info.width, info.height]).toEqual([original.width, original.height]);
    expect(inkContrast(data, GARMENTS.dark).share).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);
    // Drawn again by the engine with the dark garment's inks (the same seed), not the original recoloured.
    const brief = { prompt: PROMPT, seed: listed!.jobId!, variant: 'A' as const, dark: false };
    const rawOf = async (file: Buffer) => sharp(file).ensureAlpha().raw().toBuffer();
    const redrawn = await makeGarmentFile(png, { method: 'redraw', brief, garment: 'dark', width: original.width! });
    expect(data.equals(await rawOf(redrawn))).toBe(true);
    expect(data.equals(await rawOf(await makeGarmentFile(png, { method: 'recolour', garment: 'dark' })))).toBe(false);

    const light = await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'light' });
    expect(inkContrast((await pixelsOf(light.key)).data, GARMENTS.light).share).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);

    const thumbnail = await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'dark', size: 'thumbnail' });
    expect(thumbnail.contentType).toBe('image/webp');
    expect((await sharp(await system.storage.getBuffer(thumbnail.key)).metadata()).format).toBe('webp');
  });

  it("makes a file asked with background: true (a draft) in the background lane, a seller's in the seller lane", async () => {
    const userId = randomUUID();
    const { assetId } = await engineDesign(userId);
    const made = async (lane: 'seller' | 'background') => {
      const metrics = await system.assets.infra.metrics.registry.getSingleMetricAsString('printloom_image_pool_tasks_total');
      const line = metrics.split('\n').find((row) => row.includes('operation="garment-file"') && row.includes(`lane="${lane}"`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before = { seller: await made('seller'), background: await made('background') };
    await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'dark', background: true });
    expect({ seller: await made('seller'), background: await made('background') }).toEqual({
      ...before,
      background: before.background + 1,
    });
    await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'light' });
    expect({ seller: await made('seller'), background: await made('background') }).toEqual({
      seller: before.seller + 1,
      background: before.background + 1,
    });
  });

  it('gives a design that recorded no brief (made before this) both files by recolouring', async () => {
    const userId = randomUUID();
    const { assetId } = await engineDesign(userId, {});
    const [listed] = (await system.rpc.request(ASSETS.list, { userId, starred: false })).assets;
    expect(listed!.garment).toBeNull();
    for (const garment of ['light', 'dark'] as const) {
      const { key } = await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment });
      expect(inkContrast((await pixelsOf(key)).data, GARMENTS[garment]).share).toBeGreaterThanOrEqual(REQUIRED_INK_SHARE);
    }
  });

  it('deletes the garment files (and their sizes and exports) with the design', async () => {
    const userId = randomUUID();
    const { assetId } = await engineDesign(userId);
    const keys = [
      (await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'dark' })).key,
      (await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'dark', size: 'preview' })).key,
      (await system.rpc.request(ASSETS.resolveDownload, { userId, assetId, garment: 'light', preset: 'sticker-3in' })).key,
    ];
    expect(keys).toEqual([
      expect.stringMatching(new RegExp(`${assetId}/garment-dark\\.png$`)),
      expect.stringMatching(new RegExp(`${assetId}/garment-dark-preview\\.webp$`)),
      expect.stringMatching(new RegExp(`${assetId}/export-sticker-3in-light\\.png$`)),
    ]);
    for (const key of keys) expect(await system.storage.stat(key)).not.toBeNull();
    await system.rpc.request(ASSETS.delete, { userId, assetId });
    for (const key of keys) expect(await system.storage.stat(key)).toBeNull();
  });

  it('a ZIP with a garment names each design’s file for it', async () => {
    const userId = randomUUID();
    const { assetId } = await engineDesign(userId);
    const { files } = await system.rpc.request(ASSETS.resolveZip, { userId, ids: [assetId], garment: 'dark' });
    expect(files).toEqual([
      expect.objectContaining({ assetId, key: expect.stringMatching(/garment-dark\.png$/), fileName: 'reel-cool-dad-A-dark.png' }),
    ]);
  });
});
