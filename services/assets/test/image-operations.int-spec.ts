import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, AppError, LIMITS } from '@printloom/contracts';
import type { ObjectStorage } from '@printloom/storage';
import { ingestPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';
import { TOO_MANY_RUNNING, TOO_MANY_THIS_HOUR } from '../src/renders/image-operations.service.js';

describe('assets: per-user limits on image operations (real PostgreSQL, NATS, storage and worker pool)', () => {
  let system: AssetsTestSystem<ObjectStorage>;

  const db = () => system.assets.infra.dataSource;
  async function design(userId: string) {
    const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: '#fafafa' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="50" fill="#d62828"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    return (await ingestPng(system, userId, png, { prompt: 'limits' }))[0];
  }
  const removeBackground = (userId: string, assetId: string) => system.rpc.request(ASSETS.removeBackground, { userId, assetId });
  const refusalOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  };

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'limits', env: { ASSET_WORKER_THREADS: '1' }, rpcTimeoutMs: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await system?.close();
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
    const [{ running }] = await db().query(
      `SELECT count(*)::int AS running FROM assets.image_operations WHERE user_id = $1 AND finished_at IS NULL`,
      [userId],
    );
    expect(running).toBe(1); // the one inserted above; the real operation recorded its end
  });

  it('an operation whose instance died long ago no longer counts as running', async () => {
    const userId = randomUUID();
    const assetId = await design(userId);
    await db().query(
      `INSERT INTO assets.image_operations (user_id, kind, started_at) SELECT $1, 'upscaled', now() - interval '30 minutes' FROM generate_series(1, 2)`,
      [userId],
    );
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
