import type { Readable } from 'node:stream';
import type { Client, ClientOptions } from 'minio';
import { assertSafeKey, ObjectNotFoundError, type ObjectStorage, type StoredObject } from './object-storage.js';

const isNotFound = (error: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchObject'].includes((error as { code?: string }).code ?? '');

/**
 * Any S3-compatible store (MinIO in docker compose, AWS S3, R2) through the minio client. The client
 * (and its dependencies) is loaded on first use, so that an app or a test on local disk never loads it.
 */
export class S3Storage implements ObjectStorage {
  private connection?: Promise<Client>;

  constructor(
    private readonly options: ClientOptions,
    private readonly bucket: string,
    private readonly region: string,
  ) {}

  private client(): Promise<Client> {
    this.connection ??= import('minio').then(({ Client }) => new Client(this.options));
    return this.connection;
  }

  async check(): Promise<void> {
    if (!(await (await this.client()).bucketExists(this.bucket)))
      throw new Error(`bucket ${this.bucket} does not exist (run the migrate step)`);
  }

  /** The migrate step's: creates the bucket when missing (idempotent, also against a racing creator). */
  async createBucketIfMissing(): Promise<void> {
    const client = await this.client();
    if (!(await client.bucketExists(this.bucket))) {
      await client.makeBucket(this.bucket, this.region).catch(async (error: { code?: string }) => {
        if (error.code !== 'BucketAlreadyOwnedByYou' && error.code !== 'BucketAlreadyExists') throw error;
      });
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await (await this.client()).putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async getBuffer(key: string): Promise<Buffer> {
    const stream = await this.getStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      return await (await this.client()).getObject(this.bucket, key);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const info = await (await this.client()).statObject(this.bucket, key);
      return { size: info.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertSafeKey);
    if (keys.length > 0) await (await this.client()).removeObjects(this.bucket, keys);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const item of (await this.client()).listObjectsV2(this.bucket, prefix, true)) {
      const object = item as { name?: string; size?: number; lastModified?: Date };
      if (object.name) yield { key: object.name, size: object.size ?? 0, lastModified: object.lastModified ?? new Date(0) };
    }
  }
}
