import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// s3rver speaks the S3 protocol on a local port: the s3 driver is tested against a real server.
import S3rver from 's3rver';
import { freePort } from '@printloom/service-kit/testing';
import { createStorage, storageEnvSchema, assetKey, ObjectNotFoundError, type ObjectStorage } from '../src/index.js';

function contract(name: string, setup: () => Promise<{ storage: ObjectStorage; teardown: () => Promise<void> }>) {
  describe(`${name} storage driver`, () => {
    let storage: ObjectStorage;
    let teardown: () => Promise<void>;

    beforeAll(async () => {
      ({ storage, teardown } = await setup());
      await storage.ensureReady();
      await storage.ensureReady(); // idempotent
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

contract('s3', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-s3rver-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
  await server.run();
  const storage = createStorage(
    storageEnvSchema.parse({ STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'printloom-test' }),
  );
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
