import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, LIMITS, deleteReply, ingestReply, listAssetsReply, starReply } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { assetKey, createStorage, jobImageKey, storageEnvSchema, type ObjectStorage, type StoredObject } from '@printloom/storage';
import { loadAssetsConfig } from '../src/config.js';
import { startAssetsService } from '../src/start.js';
import { AssetLifecycle } from '../src/asset-lifecycle.service.js';
import { AssetRepository } from '../src/repositories/asset.repository.js';
import { AssetFiles } from '../src/asset-files.js';

/** The real fs driver, with a switch that makes the next delete crash before or after it deletes. */
class CrashableStorage implements ObjectStorage {
  crashNextDelete: 'before' | 'after' | null = null;
  constructor(private readonly inner: ObjectStorage) {}
  ensureReady = () => this.inner.ensureReady();
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
  let nats: TestNats;
  let database: TestDatabase;
  let assets: RunningService;
  let storage: CrashableStorage;
  let storageDir: string;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let lifecycle: AssetLifecycle;
  let png: Buffer;

  const db = () => assets.infra.dataSource;
  async function ingest(userId: string, variants: Array<'A' | 'B' | 'C' | 'D'> = ['A']) {
    const jobId = randomUUID();
    const images = [];
    for (const variant of variants) {
      await storage.put(jobImageKey(jobId, variant), png, 'image/png');
      images.push({ variant, key: jobImageKey(jobId, variant) });
    }
    return (await rpc.request(ASSETS.ingest, { userId, jobId, prompt: 'lifecycle test', images }, ingestReply)).assetIds;
  }
  const listed = async (userId: string) => (await rpc.request(ASSETS.list, { userId, starred: false }, listAssetsReply)).assets.map((asset) => asset.id);
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  };
  /** Storage and database agree exactly: the three files of every row, nothing else. */
  async function expectAgreement() {
    const rows: Array<{ id: string; user_id: string }> = await db().query('SELECT id, user_id FROM assets.assets');
    const expected = rows.flatMap((row) => ['original.png', 'preview.webp', 'thumbnail.webp'].map((file) => assetKey(row.user_id, row.id, file))).sort();
    expect(await keysUnder('u/')).toEqual(expected);
  }

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-assets-lifecycle-'));
    const env = { ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])), STORAGE_DIR: storageDir, ASSET_ORPHAN_GRACE_MS: '0' };
    const config = loadAssetsConfig(env);
    storage = new CrashableStorage(createStorage(storageEnvSchema.parse(env)));
    assets = await startAssetsService(config, { storage });
    lifecycle = assets.app.get(AssetLifecycle);
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
    png = await sharp({ create: { width: 60, height: 80, channels: 4, background: '#e63946' } }).png().toBuffer();
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await assets?.close();
    await nats?.stop();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  }, 30_000);

  beforeEach(() => {
    storage.crashNextDelete = null;
  });

  it('a delete killed after the mark hides the image at once; the sweeper deletes its files, then its row', async () => {
    const userId = randomUUID();
    const [kept, doomed] = await ingest(userId, ['A', 'B']);
    storage.crashNextDelete = 'before';
    await expect(rpc.request(ASSETS.delete, { userId, assetId: doomed }, deleteReply)).resolves.toEqual({ deleted: 1 });
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
    await expect(rpc.request(ASSETS.bulkDelete, { userId, ids }, deleteReply)).resolves.toEqual({ deleted: 3 });
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
    const env = { ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])), STORAGE_DIR: storageDir };
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
    await db().query(`UPDATE assets.assets SET created_at = now() - interval '40 days', expires_at = now() + interval '300 days', starred = true WHERE id = $1`, [old]);
    const unstarred = (await rpc.request(ASSETS.star, { userId, assetId: old }, starReply)).asset;
    expect(unstarred.starred).toBe(false);
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86400_000;
    expect(Math.round(days(unstarred.expiresAt))).toBe(LIMITS.unstarGraceDays);
    expect(await listed(userId)).toContain(old);
    const restarred = (await rpc.request(ASSETS.star, { userId, assetId: old }, starReply)).asset;
    expect(Math.round(days(restarred.expiresAt))).toBe(LIMITS.starredRetentionDays);

    await rpc.request(ASSETS.star, { userId, assetId: recent }, starReply);
    const recentUnstarred = (await rpc.request(ASSETS.star, { userId, assetId: recent }, starReply)).asset;
    expect(Math.round((Date.parse(recentUnstarred.expiresAt) - Date.parse(recentUnstarred.createdAt)) / 86400_000)).toBe(LIMITS.retentionDays);
  });
});
