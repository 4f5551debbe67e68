import { createHash } from 'node:crypto';

export interface CachedUser {
  userId: string;
  email: string;
  /** Until when the session counts as recently confirmed (leaving needs it); null: never confirmed. */
  confirmedUntil: string | null;
}

interface Entry {
  user: CachedUser;
  until: number;
}

/** The same hash the auth service stores and names in revocations; the raw token is never a key. */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Signed-in users by session token for a few seconds, so most requests skip a NATS hop and a query.
 * An entry never outlives its session, revocations drop it at once, and an answer fetched while a
 * revocation arrived is not stored (it may predate the revocation): `lookupStarted()` and `store()`.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByUser = new Map<string, Set<string>>();
  private revocations = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): CachedUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.remove(tokenHash);
      return null;
    }
    return entry.user;
  }

  /** A ticket for `store`: which revocations the answer about to be fetched has seen. */
  lookupStarted(): number {
    return this.revocations;
  }

  store(tokenHash: string, user: CachedUser, sessionExpiresAt: Date, ticket: number): void {
    if (this.ttlMs <= 0 || ticket !== this.revocations) return;
    const until = Math.min(this.now() + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= this.now()) return;
    if (!this.entries.has(tokenHash) && this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { user, until });
    let hashes = this.hashesByUser.get(user.userId);
    if (!hashes) this.hashesByUser.set(user.userId, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  revokeToken(tokenHash: string): void {
    this.revocations += 1;
    this.remove(tokenHash);
  }

  revokeUser(userId: string): void {
    this.revocations += 1;
    for (const tokenHash of this.hashesByUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.hashesByUser.delete(userId);
  }

  /** After a NATS reconnect revocations may have been missed: forget everything. */
  clear(): void {
    this.revocations += 1;
    this.entries.clear();
    this.hashesByUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const hashes = this.hashesByUser.get(entry.user.userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.hashesByUser.delete(entry.user.userId);
  }
}
