import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, AppError, MOCKUP_SIZE, MOCKUPS } from '@printloom/contracts';
import { assetKey, type ObjectStorage } from '@printloom/storage';
import { ingestPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';
import { AssetLifecycle } from '../src/asset-lifecycle.service.js';

describe('assets: garment mockups (real PostgreSQL, NATS, storage and worker pool)', () => {
  let system: AssetsTestSystem<ObjectStorage>;
  const keysOf = (userId: string, assetId: string) => MOCKUPS.map((mockup) => assetKey(userId, assetId, `mockup-${mockup.id}.jpg`));

  async function design(userId: string): Promise<string> {
    const png = await sharp({ create: { width: 450, height: 540, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="450" height="540"><circle cx="225" cy="200" r="150" fill="#d62828"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    return (await ingestPng(system, userId, png, { prompt: '"Red Dot" club' }))[0];
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'mockups', env: { ASSET_WORKER_THREADS: '1' }, rpcTimeoutMs: 60_000 });
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  }, 30_000);

  it('makes the 8 mockups once on the first request, keeps them, and deletes them with the design', async () => {
    const userId = randomUUID();
    const assetId = await design(userId);
    const { mockups } = await system.rpc.request(ASSETS.listMockups, { userId, assetId });
    expect(mockups.map((mockup) => `${mockup.colour} ${mockup.product}`)).toEqual([
      'white tee',
      'black tee',
      'heather grey tee',
      'navy tee',
      'black hoodie',
      'natural tote',
      'white mug',
      'black-framed poster',
    ]);
    expect(mockups[1].url).toBe(`/api/assets/${assetId}/mockups/tee-black`);

    const keys = keysOf(userId, assetId);
    const stats = await Promise.all(keys.map((key) => system.storage.stat(key)));
    expect(stats.every(Boolean)).toBe(true);
    const meta = await sharp(await system.storage.getBuffer(keys[0])).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', MOCKUP_SIZE, MOCKUP_SIZE]);

    // Asked again (the list, one image): the kept files answer, nothing is drawn again (a marker survives).
    const marker = Buffer.from('kept');
    await Promise.all(keys.map((key) => system.storage.put(key, marker, 'image/jpeg')));
    await system.rpc.request(ASSETS.listMockups, { userId, assetId });
    const target = await system.rpc.request(ASSETS.resolveMockup, { userId, assetId, mockupId: 'mug-white' });
    expect(target).toMatchObject({ key: keys[6], contentType: 'image/jpeg', fileName: 'red-dot-mockup-mug-white.jpg' });
    const again = await Promise.all(keys.map((key) => system.storage.getBuffer(key)));
    expect(again.map((file) => file.toString())).toEqual(keys.map(() => 'kept'));

    await system.rpc.request(ASSETS.delete, { userId, assetId });
    expect(await Promise.all(keys.map((key) => system.storage.stat(key)))).toEqual(keys.map(() => null));
  }, 60_000);

  it('an image asked for before the list makes the set; expiry removes the mockups with the design', async () => {
    const userId = randomUUID();
    const assetId = await design(userId);
    const target = await system.rpc.request(ASSETS.resolveMockup, { userId, assetId, mockupId: 'poster-black-frame' });
    expect(await system.storage.stat(target.key)).not.toBeNull();
    await system.assets.infra.dataSource.query(`UPDATE assets.assets SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      assetId,
    ]);
    await system.assets.app.get(AssetLifecycle).sweepExpired();
    expect(await Promise.all(keysOf(userId, assetId).map((key) => system.storage.stat(key)))).toEqual(MOCKUPS.map(() => null));
  }, 60_000);

  it("answers 404 for another user's design and makes nothing", async () => {
    const owner = randomUUID();
    const assetId = await design(owner);
    const other = randomUUID();
    const error = await system.rpc.request(ASSETS.listMockups, { userId: other, assetId }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('NOT_FOUND');
    expect(await system.storage.stat(keysOf(owner, assetId)[0])).toBeNull();
  }, 30_000);
});
