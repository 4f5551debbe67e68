import { createHash } from 'node:crypto';
import type { MeReply } from '@printloom/contracts';

/** A `me` reply ready to send: the bytes and the weak ETag Express would give them. */
export interface MeView {
  reply: MeReply;
  body: string;
  /** Of the body, in bytes. */
  length: number;
  etag: string;
}

interface Entry {
  view: MeView;
  until: number;
}

/** Express's default (weak) ETag of a JSON body (the `etag` package), so a cached answer is byte-for-byte the same. */
export function weakEtagOf(body: string): string {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body, 'utf8').toString(16)}-${hash}"`;
}

export function meViewOf(reply: MeReply): MeView {
  const body = JSON.stringify(reply);
  return { reply, body, length: Buffer.byteLength(body, 'utf8'), etag: weakEtagOf(body) };
}

/**
 * Each signed-in user's `me` view (user + credits + plan) for a few seconds. Billing's and auth's change
 * broadcasts drop a user at once; an entry never outlives the moment its credits expire by themselves
 * (`until`); an answer fetched while any change arrived is not stored (it may predate it): the same
 * ticket scheme as the session cache.
 */
export class MeViewCache {
  private readonly entries = new Map<string, Entry>();
  private changes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(userId: string): MeView | null {
    const entry = this.entries.get(userId);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.entries.delete(userId);
      return null;
    }
    return entry.view;
  }

  lookupStarted(): number {
    return this.changes;
  }

  /** `changesAt`: when the view changes without an event (credits expiring), if ever. */
  store(userId: string, view: MeView, changesAt: Date | null, ticket: number): void {
    if (this.ttlMs <= 0 || ticket !== this.changes) return;
    const until = Math.min(this.now() + this.ttlMs, changesAt?.getTime() ?? Infinity);
    if (until <= this.now()) return;
    if (!this.entries.has(userId) && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { view, until });
  }

  forget(userId: string): void {
    this.changes += 1;
    this.entries.delete(userId);
  }

  clear(): void {
    this.changes += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
