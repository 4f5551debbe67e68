import { describe, expect, it } from '@jest/globals';
import type { StoredConnection } from '../repositories/connection.repository.js';
import { checklistOf } from './checklist-of.js';

const connection = (shopId: number | null, checklistDone: string[] = []): StoredConnection => ({
  userId: '00000000-0000-4000-8000-000000000001',
  tokenSealed: Buffer.alloc(0),
  tokenKeyId: 'dev',
  tokenHint: 'abcd',
  refreshSealed: null,
  accessExpiresAt: null,
  needsReconnect: false,
  shopId,
  shops: [
    { id: 1, title: 'Etsy shop', salesChannel: 'etsy' },
    { id: 2, title: 'Shopify shop', salesChannel: 'shopify' },
  ],
  checklistDone,
  createdAt: new Date(0),
});

describe("a connection's checklist", () => {
  it('asks an Etsy shop for its production partner, ticked or not', () => {
    expect(checklistOf(connection(1))).toEqual([{ item: 'etsy-production-partner', done: false }]);
    expect(checklistOf(connection(1, ['etsy-production-partner']))).toEqual([{ item: 'etsy-production-partner', done: true }]);
  });

  it('asks nothing of a shop on another sales channel, nor without a connection', () => {
    expect(checklistOf(connection(2))).toEqual([]);
    expect(checklistOf(null)).toEqual([]);
  });

  it('asks it while no shop is chosen and one of them is on Etsy', () => {
    expect(checklistOf(connection(null))).toEqual([{ item: 'etsy-production-partner', done: false }]);
  });
});
