import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { MeReply } from '@printloom/contracts';
import { UserViewCache, jsonViewOf, weakEtagOf } from './user-view-cache.js';

const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const viewOf = (credits: number) =>
  jsonViewOf<MeReply>({
    user: { id: alice, email: 'alice@example.com', hasPassword: true, hasGoogleAuth: false },
    credits,
    subscription: null,
    confirmedUntil: null,
  });

function cacheAt(ttlMs = 30_000, maxViews = 100, maxPerUser = 1) {
  const clock = { now: 1_000_000 };
  return { clock, cache: new UserViewCache<MeReply>(ttlMs, maxViews, maxPerUser, () => clock.now) };
}

describe("the gateway's per-user reply cache", () => {
  it('answers a stored view until its time to live, or the moment credits expire by themselves', () => {
    const { clock, cache } = cacheAt(30_000);
    cache.store(alice, '', viewOf(5), null, cache.lookupStarted());
    cache.store(bob, '', viewOf(7), new Date(clock.now + 1_000), cache.lookupStarted());
    clock.now += 1_000;
    expect(cache.get(bob)).toBeNull();
    expect(cache.get(alice)?.reply.credits).toBe(5);
    clock.now += 29_000;
    expect(cache.get(alice)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('drops a user on a change, and never stores a view fetched while a change arrived', () => {
    const { cache } = cacheAt();
    cache.store(alice, '', viewOf(5), null, cache.lookupStarted());
    cache.forget(alice);
    expect(cache.get(alice)).toBeNull();
    const ticket = cache.lookupStarted();
    cache.forget(bob);
    cache.store(alice, '', viewOf(4), null, ticket);
    expect(cache.get(alice)).toBeNull();
    cache.store(alice, '', viewOf(4), null, cache.lookupStarted());
    cache.clear();
    expect(cache.get(alice)).toBeNull();
  });

  it('stores nothing with a time to live of 0, and keeps at most maxEntries', () => {
    const off = cacheAt(0).cache;
    off.store(alice, '', viewOf(1), null, off.lookupStarted());
    expect(off.size).toBe(0);
    const { cache } = cacheAt(30_000, 1);
    cache.store(alice, '', viewOf(1), null, cache.lookupStarted());
    cache.store(bob, '', viewOf(2), null, cache.lookupStarted());
    expect(cache.size).toBe(1);
    expect(cache.get(bob)?.reply.credits).toBe(2);
  });

  it('keeps several keys per user up to maxPerUser, and a change of the user drops them all', () => {
    const { cache } = cacheAt(30_000, 100, 2);
    cache.store(alice, '/api/assets', viewOf(1), null, cache.lookupStarted());
    cache.store(alice, '/api/assets?starred=true', viewOf(2), null, cache.lookupStarted());
    cache.store(bob, '/api/assets', viewOf(3), null, cache.lookupStarted());
    expect(cache.get(alice, '/api/assets')?.reply.credits).toBe(1);
    expect(cache.get(alice, '/api/assets?starred=true')?.reply.credits).toBe(2);
    cache.store(alice, '/api/assets?search=cat', viewOf(4), null, cache.lookupStarted());
    expect(cache.get(alice, '/api/assets')).toBeNull();
    expect(cache.size).toBe(3);
    cache.forget(alice);
    expect(cache.get(alice, '/api/assets?search=cat')).toBeNull();
    expect(cache.get(bob, '/api/assets')?.reply.credits).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('makes room by dropping the users cached longest', () => {
    const { cache } = cacheAt(30_000, 3, 2);
    cache.store(alice, 'a', viewOf(1), null, cache.lookupStarted());
    cache.store(alice, 'b', viewOf(2), null, cache.lookupStarted());
    cache.store(bob, 'a', viewOf(3), null, cache.lookupStarted());
    cache.store(bob, 'b', viewOf(4), null, cache.lookupStarted());
    expect(cache.get(alice, 'a')).toBeNull();
    expect(cache.get(bob, 'b')?.reply.credits).toBe(4);
    expect(cache.size).toBe(2);
  });

  it("gives the body Express's weak ETag (the etag package's format)", () => {
    const body = JSON.stringify({ credits: 1, note: 'é' });
    const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
    expect(weakEtagOf(body)).toBe(`W/"${Buffer.byteLength(body).toString(16)}-${hash}"`);
    expect(viewOf(3).body).toBe(JSON.stringify(viewOf(3).reply));
  });
});
