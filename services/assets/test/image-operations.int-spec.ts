import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, AppError, LIMITS, ingestReply, removeBackgroundReply } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { createStorage, jobImageKey, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { loadAssetsConfig } from '../src/config.js';
import { startAssetsService } from '../src/start.js';
import { TOO_MANY_RUNNING, TOO_MANY_THIS_HOUR } from '../src/image-operations.service.js';

describe('assets: per-user limits on image operations (real PostgreSQL, NATS, storage and worker pool)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let assets: RunningService;
  let storage: ObjectStorage;
  let storageDir: string;
  let nc: NatsConnection;
  let rpc: RpcClient;

  const db = () => assets.infra.dataSource;
  async function design(userId: string) {
    const jobId = randomUUID();
    const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: '#fafafa' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="50" fill="#d62828"/></svg>') }])
      .png()
      .toBuffer();
    await storage.put(jobImageKey(jobId, 'A'), png, 'image/png');
    const { assetIds } = await rpc.request(ASSETS.ingest, { userId, jobId, prompt: 'limits', images: [{ variant: 'A', key: jobImageKey(jobId, 'A') }] }, ingestReply);
    return assetIds[0];
  }
  const removeBackground = (userId: string, assetId: string) => rpc.request(ASSETS.removeBackground, { userId, assetId }, removeBackgroundReply);
  const refusalOf = async (work: Promise<unknown>) => {
    const error = await work.then(() => null, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  };

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-assets-limits-'));
    const env = { ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])), STORAGE_DIR: storageDir, ASSET_WORKER_THREADS: '1' };
    storage = createStorage(storageEnvSchema.parse(env));
    assets = await startAssetsService(loadAssetsConfig(env));
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 30_000);
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await assets?.close();
    await nats?.stop();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  }, 30_000);

  it('refuses a third operation while two run, with 429 and the reason, and allows it once one ends', async () => {
    const userId = randomUUID();
    const assetId = await design(userId);
    await db().query(`INSERT INTO assets.image_operations (user_id, kind) VALUES ($1, 'upscaled'), ($1, 'background-removed')`, [userId]);
    expect(await refusalOf(removeBackground(userId, assetId))).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_RUNNING });
    expect(await removeBackground(randomUUID(), assetId).catch((error: AppError) => error.code)).toBe('NOT_FOUND'); // others are not limited by this user
    await db().query(`UPDATE assets.image_operations SET finished_at = now() WHERE user_id = $1 AND kind = 'upscaled'`, [userId]);
    const { asset } = await removeBackground(userId, assetId);
    expect(asset.kind).toBe('background-removed');
    const [{ running }] = await db().query(`SELECT count(*)::int AS running FROM assets.image_operations WHERE user_id = $1 AND finished_at IS NULL`, [userId]);
    expect(running).toBe(1); // the one inserted above; the real operation recorded its end
  });

  it('an operation whose instance died long ago no longer counts as running', async () => {
    const userId = randomUUID();
    const assetId = await design(userId);
    await db().query(`INSERT INTO assets.image_operations (user_id, kind, started_at) SELECT $1, 'upscaled', now() - interval '30 minutes' FROM generate_series(1, 2)`, [userId]);
    await expect(removeBackground(userId, assetId)).resolves.toHaveProperty('asset.kind', 'background-removed');
  });

  it(`refuses past ${LIMITS.imageOperationsPerHour} operations an hour`, async () => {
    const userId = randomUUID();
    const assetId = await design(userId);
    await db().query(
      `INSERT INTO assets.image_operations (user_id, kind, started_at, finished_at) SELECT $1, 'background-removed', now() - interval '10 minutes', now() FROM generate_series(1, $2)`,
      [userId, LIMITS.imageOperationsPerHour],
    );
    expect(await refusalOf(removeBackground(userId, assetId))).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_THIS_HOUR });
    await db().query(`UPDATE assets.image_operations SET started_at = now() - interval '61 minutes' WHERE user_id = $1`, [userId]);
    await expect(removeBackground(userId, assetId)).resolves.toHaveProperty('asset.kind', 'background-removed');
  });
});
