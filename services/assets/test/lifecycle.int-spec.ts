import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, LIMITS } from '@printloom/contracts';
import type { RpcClient, RunningService } from '@printloom/service-kit';
import { assetKey, jobImageKey, type ObjectStorage, type StoredObject } from '@printloom/storage';
import { loadAssetsConfig } from '../src/config.js';
import { ingestPng, smallPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';
import { AssetLifecycle } from '../src/asset-lifecycle.service.js';
import { AssetRepository } from '../src/repositories/asset.repository.js';
import { AssetFiles } from '../src/asset-files.js';

/** The real fs driver, with a switch that makes the next delete crash before or after it deletes. */
class CrashableStorage implements ObjectStorage {
  crashNextDelete: 'before' | 'after' | null = null;
  constructor(private readonly inner: ObjectStorage) {}
  check = () => this.inner.check();
  put = (key: string, body: Buffer, contentType: string) => this.inner.put(key, body, contentType);
  getBuffer = (key: string) => this.inner.getBuffer(key);
  getStream = (key: string) => this.inner.getStream(key);
  stat = (key: string) => this.inner.stat(key);
  list = (prefix: string): AsyncIterable<StoredObject> => this.inner.list(prefix);
  async delete(keys: string[]): Promise<void> {
    const crash = this.crashNextDelete;
    this.crashNextDelete = null;
    if (crash === 'before') throw new Error('killed before deleting files');
    await this.inner.delete(keys);
    if (crash === 'after') throw new Error('killed after deleting files');
  }
}

describe('assets: files and rows agree (real PostgreSQL, NATS and fs storage)', () => {
  let system: AssetsTestSystem<CrashableStorage>;
  let assets: RunningService;
  let storage: CrashableStorage;
  let rpc: RpcClient;
  let lifecycle: AssetLifecycle;
  let png: Buffer;

  const db = () => assets.infra.dataSource;
  const ingest = (userId: string, variants: Array<'A' | 'B' | 'C' | 'D'> = ['A']) =>
    ingestPng(system, userId, png, { variants, prompt: 'lifecycle test' });
  const listed = async (userId: string) => (await rpc.request(ASSETS.list, { userId, starred: false })).assets.map((asset) => asset.id);
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  };
  /** Storage and database agree exactly: the three files of every row, nothing else. */
  async function expectAgreement() {
    const rows: Array<{ id: string; user_id: string }> = await db().query('SELECT id, user_id FROM assets.assets');
    const expected = rows
      .flatMap((row) => ['original.png', 'preview.webp', 'thumbnail.webp'].map((file) => assetKey(row.user_id, row.id, file)))
      .sort();
    expect(await keysUnder('u/')).toEqual(expected);
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({
      name: 'lifecycle',
      env: { ASSET_ORPHAN_GRACE_MS: '0' },
      wrapStorage: (real) => new CrashableStorage(real),
    });
    ({ assets, storage, rpc } = system);
    lifecycle = assets.app.get(AssetLifecycle);
    png = await smallPng();
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  }, 30_000);

  beforeEach(() => {
    storage.crashNextDelete = null;
  });

  it("ingest keeps the worker's thumbnail and preview as given, and makes them when they are missing", async () => {
    const userId = randomUUID();
    const jobId = randomUUID();
    const made = { thumbnail: Buffer.from('worker thumbnail'), preview: Buffer.from('worker preview') };
    await storage.put(jobImageKey(jobId, 'A'), png, 'image/png');
    await storage.put(jobImageKey(jobId, 'B'), png, 'image/png');
    await storage.put(`jobs/${jobId}/A.thumbnail.webp`, made.thumbnail, 'image/webp');
    await storage.put(`jobs/${jobId}/A.preview.webp`, made.preview, 'image/webp');
    const images = [
      {
        variant: 'A' as const,
        key: jobImageKey(jobId, 'A'),
        thumbnailKey: `jobs/${jobId}/A.thumbnail.webp`,
        previewKey: `jobs/${jobId}/A.preview.webp`,
      },
      // Named but never written (the worker could not make them): assets derives them itself.
      {
        variant: 'B' as const,
        key: jobImageKey(jobId, 'B'),
        thumbnailKey: `jobs/${jobId}/B.thumbnail.webp`,
        previewKey: `jobs/${jobId}/B.preview.webp`,
      },
    ];
    const [withMade, derived] = (await rpc.request(ASSETS.ingest, { userId, jobId, prompt: 'derivatives', images })).assetIds;
    expect(await storage.getBuffer(assetKey(userId, withMade!, 'thumbnail.webp'))).toEqual(made.thumbnail);
    expect(await storage.getBuffer(assetKey(userId, withMade!, 'preview.webp'))).toEqual(made.preview);
    const thumbnail = await sharp(await storage.getBuffer(assetKey(userId, derived!, 'thumbnail.webp'))).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 60, 80]);
    await expectAgreement();
  });

  it('a delete killed after the mark hides the image at once; the sweeper deletes its files, then its row', async () => {
    const userId = randomUUID();
    const [kept, doomed] = await ingest(userId, ['A', 'B']);
    storage.crashNextDelete = 'before';
    await expect(rpc.request(ASSETS.delete, { userId, assetId: doomed })).resolves.toEqual({ deleted: 1 });
    expect(await listed(userId)).toEqual([kept]);
    expect(await storage.stat(assetKey(userId, doomed, 'original.png'))).not.toBeNull();
    expect(await lifecycle.finishInterrupted()).toBe(1);
    expect(await storage.stat(assetKey(userId, doomed, 'original.png'))).toBeNull();
    expect(await db().query('SELECT id FROM assets.assets WHERE id = $1', [doomed])).toEqual([]);
    await expectAgreement();
  });

  it('a delete killed after the files leaves a marked row the sweeper finishes', async () => {
    const userId = randomUUID();
    const ids = await ingest(userId, ['A', 'B', 'C']);
    storage.crashNextDelete = 'after';
    await expect(rpc.request(ASSETS.bulkDelete, { userId, ids })).resolves.toEqual({ deleted: 3 });
    expect(await listed(userId)).toEqual([]);
    expect(await keysUnder(`u/${userId}/`)).toEqual([]);
    expect((await db().query('SELECT count(*)::int AS n FROM assets.assets WHERE user_id = $1', [userId]))[0].n).toBe(3);
    expect(await lifecycle.finishInterrupted()).toBe(3);
    await expectAgreement();
  });

  it('a retention pass killed after the mark is finished by the next pass', async () => {
    const userId = randomUUID();
    const [expired] = await ingest(userId);
    await db().query(`UPDATE assets.assets SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired]);
    storage.crashNextDelete = 'before';
    await expect(lifecycle.sweepExpired()).rejects.toThrow('killed before deleting files');
    expect(await storage.stat(assetKey(userId, expired, 'original.png'))).not.toBeNull();
    expect(await lifecycle.sweepExpired()).toBe(0); // already marked: not marked twice
    expect(await lifecycle.finishInterrupted()).toBe(1);
    await expectAgreement();
  });

  it('an ingest killed between its files and its row leaves files that reconciliation removes', async () => {
    const userId = randomUUID();
    const [live] = await ingest(userId);
    const lost = randomUUID();
    for (const file of ['original.png', 'preview.webp']) await storage.put(assetKey(userId, lost, file), png, 'image/png');
    await storage.put(`u/${userId}/not-an-id/original.png`, png, 'image/png');
    const counts = await lifecycle.reconcile();
    expect(counts).toEqual({ orphan_files: 3, rows_without_original: 0 });
    expect(await listed(userId)).toEqual([live]);
    await expectAgreement();
  });

  it('a row whose original is gone is removed with its other files', async () => {
    const userId = randomUUID();
    const [healthy, broken] = await ingest(userId, ['A', 'B']);
    await storage.delete([assetKey(userId, broken, 'original.png')]);
    expect(await lifecycle.reconcile()).toEqual({ orphan_files: 0, rows_without_original: 1 });
    expect(await listed(userId)).toEqual([healthy]);
    await expectAgreement();
    const metrics = await assets.infra.metrics.registry.metrics();
    expect(metrics).toContain('printloom_sweeper_runs_total'); // the sweepers are registered on the service's /metrics
  });

  it('reconciliation leaves files younger than the grace period alone (an ingest in progress)', async () => {
    const { ASSET_ORPHAN_GRACE_MS: _noGrace, ...env } = system.env; // the default grace period
    const patient = new AssetLifecycle(assets.app.get(AssetRepository), assets.app.get(AssetFiles), storage, loadAssetsConfig(env));
    const userId = randomUUID();
    const inProgress = randomUUID();
    await storage.put(assetKey(userId, inProgress, 'original.png'), png, 'image/png');
    expect(await patient.reconcile()).toEqual({ orphan_files: 0, rows_without_original: 0 });
    expect(await storage.stat(assetKey(userId, inProgress, 'original.png'))).not.toBeNull();
    await storage.delete([assetKey(userId, inProgress, 'original.png')]);
  });

  it('un-starring never expires an image at once: the later of created + 30 days and un-starred + 7 days', async () => {
    const userId = randomUUID();
    const [old, recent] = await ingest(userId, ['A', 'B']);
    await db().query(
      `UPDATE assets.assets SET created_at = now() - interval '40 days', expires_at = now() + interval '300 days', starred = true WHERE id = $1`,
      [old],
    );
    const unstarred = (await rpc.request(ASSETS.star, { userId, assetId: old })).asset;
    expect(unstarred.starred).toBe(false);
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86400_000;
    expect(Math.round(days(unstarred.expiresAt))).toBe(LIMITS.unstarGraceDays);
    expect(await listed(userId)).toContain(old);
    const restarred = (await rpc.request(ASSETS.star, { userId, assetId: old })).asset;
    expect(Math.round(days(restarred.expiresAt))).toBe(LIMITS.starredRetentionDays);

    await rpc.request(ASSETS.star, { userId, assetId: recent });
    const recentUnstarred = (await rpc.request(ASSETS.star, { userId, assetId: recent })).asset;
    expect(Math.round((Date.parse(recentUnstarred.expiresAt) - Date.parse(recentUnstarred.createdAt)) / 86400_000)).toBe(
      LIMITS.retentionDays,
    );
  });
});
