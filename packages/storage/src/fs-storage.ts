import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, ObjectNotFoundError, type ObjectStorage, type StoredObject } from './object-storage.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const isNotEmpty = (error: unknown) => ['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Local disk, the native default. Writes are atomic: a reader never sees half a file. */
export class FsStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  /** The root is a folder on the process's own disk (not a bucket): making it when missing is harmless. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const temporary = `${target}.${randomUUID()}.tmp`;
    // A delete may remove the folder just emptied between mkdir and write: make it again once.
    for (let attempt = 0; ; attempt += 1) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await writeFile(temporary, body);
        break;
      } catch (error) {
        if (!isMissing(error) || attempt > 0) throw error;
      }
    }
    await rename(temporary, target);
  }

  async getBuffer(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable> {
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return createReadStream(this.pathOf(key));
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return { size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Deletes the files, then every folder they leave empty (up to the root), so no husks pile up. */
  async delete(keys: string[]): Promise<void> {
    const paths = keys.map((key) => this.pathOf(key));
    await Promise.all(paths.map((file) => rm(file, { force: true })));
    const folders = [...new Set(paths.map((file) => path.dirname(file)))].sort((a, b) => b.length - a.length);
    for (const folder of folders) await this.removeEmptyFolders(folder);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // Walk from the deepest folder the prefix names completely; filter the rest by the key itself.
    const folderKey = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folderKey ? this.pathOf(folderKey) : this.root;
    for await (const file of walk(start)) {
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(file).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
      if (info) yield { key, size: info.size, lastModified: info.mtime };
    }
  }

  private async removeEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch (error) {
        if (isMissing(error)) continue;
        if (isNotEmpty(error)) return;
        throw error;
      }
    }
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }
}

async function* walk(folder: string): AsyncIterable<string> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
