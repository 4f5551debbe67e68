import { describe, expect, it } from '@jest/globals';
import { SessionCache, tokenHashOf } from './session-cache.js';

const alice = { userId: '00000000-0000-4000-8000-00000000000a', email: 'alice@example.com', confirmedUntil: null };
const bob = { userId: '00000000-0000-4000-8000-00000000000b', email: 'bob@example.com', confirmedUntil: null };
const farFuture = new Date(Date.UTC(2100, 0, 1));

function cacheAt(ttlMs = 30_000, maxEntries = 100) {
  const clock = { now: 1_000_000 };
  return { clock, cache: new SessionCache(ttlMs, maxEntries, () => clock.now) };
}

describe('the gateway session cache', () => {
  it('answers a stored session until its time to live has passed', () => {
    const { clock, cache } = cacheAt(30_000);
    cache.store('a1', alice, farFuture, cache.lookupStarted());
    expect(cache.get('a1')).toEqual(alice);
    clock.now += 29_999;
    expect(cache.get('a1')).toEqual(alice);
    clock.now += 1;
    expect(cache.get('a1')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    const { clock, cache } = cacheAt(30_000);
    cache.store('a1', alice, new Date(clock.now + 5_000), cache.lookupStarted());
    clock.now += 5_000;
    expect(cache.get('a1')).toBeNull();
    cache.store('a2', alice, new Date(clock.now - 1), cache.lookupStarted());
    expect(cache.get('a2')).toBeNull();
  });

  it('drops one token on its revocation and every token of a user on theirs', () => {
    const { cache } = cacheAt();
    cache.store('a1', alice, farFuture, cache.lookupStarted());
    cache.store('a2', alice, farFuture, cache.lookupStarted());
    cache.store('b1', bob, farFuture, cache.lookupStarted());
    cache.revokeToken('a1');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')]).toEqual([null, alice, bob]);
    cache.revokeUser(alice.userId);
    expect([cache.get('a2'), cache.get('b1')]).toEqual([null, bob]);
  });

  it('does not store an answer fetched while a revocation arrived', () => {
    const { cache } = cacheAt();
    const ticket = cache.lookupStarted();
    cache.revokeUser(alice.userId);
    cache.store('a1', alice, farFuture, ticket);
    expect(cache.get('a1')).toBeNull();
  });

  it('stores nothing with a time to live of 0, and holds at most maxEntries', () => {
    const off = cacheAt(0).cache;
    off.store('a1', alice, farFuture, off.lookupStarted());
    expect(off.get('a1')).toBeNull();
    const { cache } = cacheAt(30_000, 2);
    for (const hash of ['x1', 'x2', 'x3']) cache.store(hash, bob, farFuture, cache.lookupStarted());
    expect(cache.size).toBe(2);
    expect(cache.get('x1')).toBeNull();
    expect(cache.get('x3')).toEqual(bob);
  });

  it('forgets everything on clear (after a reconnect), and keys by the hash auth stores', () => {
    const { cache } = cacheAt();
    cache.store('a1', alice, farFuture, cache.lookupStarted());
    cache.clear();
    expect(cache.get('a1')).toBeNull();
    expect(tokenHashOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
