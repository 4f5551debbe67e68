import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ASSETS, type VariantLetter } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { createStorage, jobImageKey, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { loadAssetsConfig } from '../../src/config.js';
import { startAssetsService } from '../../src/start.js';

/** The assets service on the machine's PostgreSQL and NATS, fs storage in a temporary folder, and an RPC client. */
export interface AssetsTestSystem<S extends ObjectStorage> {
  assets: RunningService;
  storage: S;
  rpc: RpcClient;
  /** The environment the service was started with (to build a variant of its config). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startAssetsTestSystem<S extends ObjectStorage = ObjectStorage>(options: {
  name: string;
  env?: Record<string, string>;
  /** Wraps the real fs driver (e.g. to make deletes crash); the service uses the wrapped one. */
  wrapStorage?: (storage: ObjectStorage) => S;
  rpcTimeoutMs?: number;
}): Promise<AssetsTestSystem<S>> {
  let nats: TestNats | undefined;
  let database: TestDatabase | undefined;
  let assets: RunningService | undefined;
  let nc: NatsConnection | undefined;
  const storageDir = mkdtempSync(path.join(os.tmpdir(), `pl-assets-${options.name}-`));
  const close = async () => {
    await nc?.drain();
    await assets?.close();
    await nats?.stop();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = {
      ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)])),
      STORAGE_DIR: storageDir,
      // Quality verdicts change library pages in the background: on only where a test is about them.
      ASSET_QUALITY_VERDICTS: 'false',
      // A test machine is shared and oversubscribed: a niced lane would starve past the seller's time
      // budgets there. The lanes and their priority are tested in image-pool.spec.ts.
      ASSET_BACKGROUND_NICENESS: '0',
      ...options.env,
    };
    const real = createStorage(storageEnvSchema.parse(env));
    const storage = options.wrapStorage ? options.wrapStorage(real) : (real as S);
    assets = await startAssetsService(loadAssetsConfig(env), { storage });
    nc = await connectNats(nats.url, 'test');
    return { assets, storage, rpc: new RpcClient(nc, options.rpcTimeoutMs ?? 10_000), env, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Stages `png` as a job's print files (as generation does) and ingests them; the new asset ids, in variant order. */
export async function ingestPng(
  system: AssetsTestSystem<ObjectStorage>,
  userId: string,
  png: Buffer,
  options: { variants?: VariantLetter[]; prompt: string; batch?: { id: string; position: number } },
): Promise<string[]> {
  const jobId = randomUUID();
  const images = [];
  for (const variant of options.variants ?? ['A']) {
    await system.storage.put(jobImageKey(jobId, variant), png, 'image/png');
    images.push({ variant, key: jobImageKey(jobId, variant) });
  }
  const batch = options.batch ? { batch: options.batch } : {};
  return (await system.rpc.request(ASSETS.ingest, { userId, jobId, prompt: options.prompt, images, ...batch })).assetIds;
}

/** A small red PNG: print files whose pixels the test does not look at. */
export const smallPng = (): Promise<Buffer> =>
  sharp({ create: { width: 60, height: 80, channels: 4, background: '#e63946' } })
    .png()
    .toBuffer();
