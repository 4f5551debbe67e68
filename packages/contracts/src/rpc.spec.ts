import { describe, expect, it } from '@jest/globals';
import { ASSETS, AUTH, BILLING, GENERATION, LISTINGS, NOTIFICATIONS, PUBLISHING } from './subjects.js';
import { RPC_CONTRACTS, isRpcSubject } from './rpc.js';
import { ROUTES } from './routes.js';
import { ENDPOINTS } from './endpoints.js';

describe('the subject registry', () => {
  it('has a request and a reply schema for every request/reply subject of every service', () => {
    const subjects = [AUTH, BILLING, GENERATION, ASSETS, NOTIFICATIONS, LISTINGS, PUBLISHING].flatMap((service) => Object.values(service));
    const missing = subjects.filter((subject) => !isRpcSubject(subject));
    expect(missing).toEqual([]);
    expect(Object.keys(RPC_CONTRACTS).sort()).toEqual([...subjects].sort());
  });

  it('checks a reply against its subject', () => {
    expect(
      RPC_CONTRACTS[BILLING.reserve].reply.safeParse({ reservationId: '00000000-0000-4000-8000-000000000001', balance: 9 }).success,
    ).toBe(true);
    expect(RPC_CONTRACTS[BILLING.reserve].reply.safeParse({ balance: 9 }).success).toBe(false);
    expect(isRpcSubject('auth.nothing.here')).toBe(false);
  });
});

describe('the route table', () => {
  it('names each route once, and its method and path come from ENDPOINTS', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect({ method: route.method, path: route.path }).toEqual(ENDPOINTS[route.id]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });
});
