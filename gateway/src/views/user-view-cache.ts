import { createHash } from 'node:crypto';

/** A JSON reply ready to send: the bytes and the weak ETag Express would give them. */
export interface JsonView<T> {
  reply: T;
  body: string;
  /** Of the body, in bytes. */
  length: number;
  etag: string;
}

/** Express's default (weak) ETag of a JSON body (the `etag` package), so a cached answer is byte-for-byte the same. */
export function weakEtagOf(body: string): string {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body, 'utf8').toString(16)}-${hash}"`;
}

/** The bytes Express's res.json would send for `reply` (default settings: no replacer, no spaces). */
export function jsonViewOf<T>(reply: T): JsonView<T> {
  const body = JSON.stringify(reply);
  return { reply, body, length: Buffer.byteLength(body, 'utf8'), etag: weakEtagOf(body) };
}

interface Entry<T> {
  view: JsonView<T>;
  until: number;
}

/**
 * Replies that belong to one user (their `me`, the pages of their library), each under a key, for a few
 * seconds. The owning service's change broadcast drops all of a user's replies at once (`forget`); an
 * entry never outlives the moment it changes by itself (`changesAt`); a reply fetched while any change
 * arrived is not stored, as it may predate the change (the ticket from `lookupStarted`).
 * At most `maxViews` replies in all (the users cached longest go first) and `maxPerUser` per user.
 */
export class UserViewCache<T> {
  private readonly users = new Map<string, Map<string, Entry<T>>>();
  private views = 0;
  private changes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxViews: number,
    private readonly maxPerUser = 1,
    private readonly now: () => number = Date.now,
  ) {}

  get(userId: string, key = ''): JsonView<T> | null {
    const entries = this.users.get(userId);
    const entry = entries?.get(key);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.drop(userId, entries!, key);
      return null;
    }
    return entry.view;
  }

  lookupStarted(): number {
    return this.changes;
  }

  /** `changesAt`: when the reply changes without an event (credits or images expiring), if ever. */
  store(userId: string, key: string, view: JsonView<T>, changesAt: Date | null, ticket: number): void {
    if (this.ttlMs <= 0 || ticket !== this.changes) return;
    const until = Math.min(this.now() + this.ttlMs, changesAt?.getTime() ?? Infinity);
    if (until <= this.now()) return;
    let entries = this.users.get(userId);
    if (!entries?.has(key)) {
      if (entries && entries.size >= this.maxPerUser) this.drop(userId, entries, entries.keys().next().value!);
      while (this.views >= this.maxViews && this.users.size > 0) this.forgetQuietly(this.users.keys().next().value!);
      entries = this.users.get(userId);
      if (!entries) this.users.set(userId, (entries = new Map()));
      this.views += 1;
    }
    entries.set(key, { view, until });
  }

  forget(userId: string): void {
    this.changes += 1;
    this.forgetQuietly(userId);
  }

  clear(): void {
    this.changes += 1;
    this.users.clear();
    this.views = 0;
  }

  /** Replies held, over all users. */
  get size(): number {
    return this.views;
  }

  private forgetQuietly(userId: string): void {
    this.views -= this.users.get(userId)?.size ?? 0;
    this.users.delete(userId);
  }

  private drop(userId: string, entries: Map<string, Entry<T>>, key: string): void {
    if (!entries.delete(key)) return;
    this.views -= 1;
    if (entries.size === 0) this.users.delete(userId);
  }
}
