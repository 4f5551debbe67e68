import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// s3rver speaks the S3 protocol on a local port: the s3 driver is tested against a real server.
import S3rver from 's3rver';
import { freePort } from '@printloom/service-kit/testing';
import { readdirSync } from 'node:fs';
import {
  createStorage,
  prepareStorage,
  storageEnvSchema,
  assetKey,
  jobImageKey,
  parseAssetKey,
  uploadKey,
  ObjectNotFoundError,
  type ObjectStorage,
} from '../src/index.js';

function contract(name: string, setup: () => Promise<{ storage: ObjectStorage; teardown: () => Promise<void> }>) {
  describe(`${name} storage driver`, () => {
    let storage: ObjectStorage;
    let teardown: () => Promise<void>;

    beforeAll(async () => {
      ({ storage, teardown } = await setup());
      await storage.check();
    });

    afterAll(async () => {
      await teardown?.();
    });

    it('puts, stats, reads back and streams an object', async () => {
      const key = assetKey('user-1', 'asset-1', 'original.png');
      const body = Buffer.from('png bytes '.repeat(100));
      await storage.put(key, body, 'image/png');
      expect(await storage.stat(key)).toEqual({ size: body.length });
      expect((await storage.getBuffer(key)).equals(body)).toBe(true);
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
    });

    it('says clearly when an object is missing', async () => {
      expect(await storage.stat('u/nobody/none/original.png')).toBeNull();
      await expect(storage.getBuffer('u/nobody/none/original.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.getStream('u/nobody/none/original.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('deletes objects, and missing keys are fine', async () => {
      await storage.put('u/u2/a/thumbnail.webp', Buffer.from('x'), 'image/webp');
      await storage.delete(['u/u2/a/thumbnail.webp', 'u/u2/a/never-existed.webp']);
      expect(await storage.stat('u/u2/a/thumbnail.webp')).toBeNull();
      await storage.delete([]);
    });

    it('lists the objects under a prefix with size and age, and nothing outside it', async () => {
      const before = Date.now() - 60_000;
      await storage.put(jobImageKey('job-1', 'A'), Buffer.from('aaaa'), 'image/png');
      await storage.put(jobImageKey('job-1', 'B'), Buffer.from('bb'), 'image/png');
      await storage.put(jobImageKey('job-10', 'A'), Buffer.from('c'), 'image/png');
      await storage.put(uploadKey('user-1', 'up-1'), Buffer.from('d'), 'image/png');
      const listed = [];
      for await (const object of storage.list('jobs/job-1/')) listed.push(object);
      expect(listed.map((object) => [object.key, object.size]).sort()).toEqual([
        ['jobs/job-1/A.png', 4],
        ['jobs/job-1/B.png', 2],
      ]);
      expect(listed.every((object) => object.lastModified.getTime() > before)).toBe(true);
      const all = [];
      for await (const object of storage.list('jobs/')) all.push(object.key);
      expect(all.sort()).toEqual(['jobs/job-1/A.png', 'jobs/job-1/B.png', 'jobs/job-10/A.png']);
      const none = [];
      for await (const object of storage.list('nothing-here/')) none.push(object);
      expect(none).toEqual([]);
      await storage.delete([...all, uploadKey('user-1', 'up-1')]);
    });

    it('refuses keys that could escape their place', async () => {
      await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put('/absolute', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put('u//double', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    });
  });
}

contract('fs', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-storage-'));
  return {
    storage: createStorage(storageEnvSchema.parse({ STORAGE_DRIVER: 'fs', STORAGE_DIR: path.join(dir, 'nested') })),
    teardown: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('fs storage folders', () => {
  it('are removed once a delete empties them, up to the root, and never a folder still in use', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-storage-folders-'));
    const storage = createStorage(storageEnvSchema.parse({ STORAGE_DRIVER: 'fs', STORAGE_DIR: dir }));
    await storage.check();
    await storage.put(assetKey('user-9', 'asset-1', 'original.png'), Buffer.from('x'), 'image/png');
    await storage.put(assetKey('user-9', 'asset-2', 'original.png'), Buffer.from('x'), 'image/png');
    await storage.delete([assetKey('user-9', 'asset-1', 'original.png')]);
    expect(readdirSync(path.join(dir, 'u', 'user-9'))).toEqual(['asset-2']);
    await storage.delete([assetKey('user-9', 'asset-2', 'original.png')]);
    expect(readdirSync(dir)).toEqual([]);
    await storage.put(assetKey('user-9', 'asset-3', 'original.png'), Buffer.from('again'), 'image/png');
    expect(await storage.stat(assetKey('user-9', 'asset-3', 'original.png'))).toEqual({ size: 5 });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('storage keys', () => {
  it('are built and read back in one place', () => {
    expect(assetKey('u1', 'a1', 'original.png')).toBe('u/u1/a1/original.png');
    expect(parseAssetKey('u/u1/a1/original.png')).toEqual({ userId: 'u1', assetId: 'a1', file: 'original.png' });
    expect(parseAssetKey('jobs/j1/A.png')).toBeNull();
    expect(parseAssetKey('u/u1/original.png')).toBeNull();
    expect(jobImageKey('j1', 'B')).toBe('jobs/j1/B.png');
    expect(uploadKey('u1', 'x')).toBe('uploads/u1/x');
  });
});

contract('s3', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-s3rver-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
  await server.run();
  const config = storageEnvSchema.parse({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'printloom-test',
  });
  await prepareStorage(config); // what the migrate step does
  const storage = createStorage(config);
  return {
    storage,
    teardown: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('storage configuration', () => {
  it('names each S3 variable that is missing', () => {
    const result = storageEnvSchema.safeParse({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'S3_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_KEY: is required when STORAGE_DRIVER=s3',
    ]);
  });

  it('refuses an unknown driver', () => {
    expect(storageEnvSchema.safeParse({ STORAGE_DRIVER: 'ftp' }).success).toBe(false);
  });
});
