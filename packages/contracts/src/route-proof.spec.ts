import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { LIMITS } from './limits.js';
import { needsRecentProof, ROUTES, type ProofInput } from './routes.js';
import type { EndpointId } from './endpoints.js';

const row = (id: EndpointId) => ROUTES.find((route) => route.id === id)!;
const body = (value: Record<string, unknown>): ProofInput => ({ params: {}, query: {}, body: value });
const ids = (count: number) => Array.from({ length: count }, () => randomUUID());
const asks = (id: EndpointId, input: ProofInput) => needsRecentProof(row(id), input);

describe('which requests need a recent proof (the route table, read by the gateway guard)', () => {
  it('asks for a whole collection deleted, downloaded or exported as a bulk job, not starred or unstarred', () => {
    const batchId = randomUUID();
    expect(asks('createBulkJob', body({ action: 'delete', batchId }))).toBe(true);
    expect(asks('createBulkJob', body({ action: 'download', batchId }))).toBe(true);
    expect(asks('createBulkJob', body({ action: 'export', batchId, preset: 'tee-front' }))).toBe(true);
    expect(asks('createBulkJob', body({ action: 'star', batchId }))).toBe(false);
    expect(asks('createBulkJob', body({ action: 'unstar', batchId }))).toBe(false);
  });

  it(`asks for a delete of more than ${LIMITS.deleteWithoutProofMax} designs, by bulk job or by request, and not for fewer`, () => {
    const limit = LIMITS.deleteWithoutProofMax;
    expect(asks('createBulkJob', body({ action: 'delete', ids: ids(limit + 1) }))).toBe(true);
    expect(asks('createBulkJob', body({ action: 'delete', ids: ids(limit) }))).toBe(false);
    expect(asks('createBulkJob', body({ action: 'download', ids: ids(500) }))).toBe(false);
    expect(asks('createBulkJob', body({ action: 'star', ids: ids(500) }))).toBe(false);
    expect(asks('deleteAssets', body({ ids: ids(limit + 1) }))).toBe(true);
    expect(asks('deleteAssets', body({ ids: ids(limit) }))).toBe(false);
    expect(asks('deleteAsset', { params: { id: randomUUID() }, query: {}, body: {} })).toBe(false);
  });

  it('asks for every Printify connect (a new token, a replaced one, the saved one with a shop), and for leaving', () => {
    expect(asks('connectPrintify', body({ token: 'a-new-token-1234' }))).toBe(true);
    expect(asks('connectPrintify', body({ shopId: 7 }))).toBe(true);
    expect(asks('connectPrintify', body({}))).toBe(true);
    expect(asks('exportAccount', body({}))).toBe(true);
    expect(asks('deleteAccount', body({ confirmation: 'DELETE' }))).toBe(true);
    expect(asks('disconnectPrintify', body({}))).toBe(false);
    expect(asks('listAssets', body({}))).toBe(false);
  });
});
