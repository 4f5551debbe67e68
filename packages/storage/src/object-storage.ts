import type { Readable } from 'node:stream';

/** Where every image lives: one interface, a local-disk driver and an S3 driver. */
export interface ObjectStorage {
  /**
   * Throws unless the store answers and its bucket is there. Creates no bucket: that is the migrate
   * step's job (`prepareStorage`), never a running app's (a bucket-scoped key may not create one).
   */
  check(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  getBuffer(key: string): Promise<Buffer>;
  getStream(key: string): Promise<Readable>;
  /** null when the object does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Missing keys are fine. */
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, with its size and last change (for sweepers). */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No object at ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export function assertSafeKey(key: string): void {
  if (
    !key ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '') ||
    key.includes('\\') ||
    key.includes('\0')
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
