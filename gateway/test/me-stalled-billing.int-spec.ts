import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, BROADCASTS, TIME_BUDGETS } from '@printloom/contracts';
import { connectNats, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { spawnService, type SpawnedService } from './support/spawned-service.js';
import type { TestClient } from './support/http.js';

/** The gateway's RPC time-out left at its default: what `/me` waited for a stalled billing before. */
const RPC_TIMEOUT_MS = TIME_BUDGETS.request.gateway;

// Issue 41 item 11: billing paused with SIGSTOP (it keeps its NATS subscription and answers nothing).
// `GET /api/auth/me` asks billing with its own short time-out (ME_CREDITS_TIMEOUT_MS, 1 s) and answers
// auth's user with the last credits this gateway saw, marked `creditsStale: true` (0 for a user never
// seen); two time-outs in a row open the subject's circuit, so the third `/me` in a row does not reach
// NATS at all. The measured times are printed, not asserted beyond "well under the RPC time-out".
describe('GET /api/auth/me with billing paused by SIGSTOP (real NATS, PostgreSQL, auth, billing as its own process)', () => {
  let system: TestSystem;
  let billing: SpawnedService;
  let spy: NatsConnection;
  let seen: TestClient;
  let seenUserId: string;
  let fresh: TestClient;
  let summariesAsked = 0;

  const me = async (client: TestClient) => {
    const started = Date.now();
    const response = await client.get<{ credits: number; creditsStale?: boolean }>('/api/auth/me');
    return { status: response.status, body: response.body, ms: Date.now() - started };
  };
  /** Auth announces a change of the user's own fields: every gateway instance drops the user's `me` view. */
  const userChanged = async (userId: string) => {
    spy.publish(BROADCASTS.userChanged, JSON.stringify({ userId }));
    await spy.flush();
  };

  beforeAll(async () => {
    // The production default, which the other tests raise for a loaded machine (support/test-system.ts).
    system = await startTestSystem({ services: ['auth'], env: { SESSION_CACHE_TTL_MS: '600000', ME_CREDITS_TIMEOUT_MS: '1000' } });
    billing = await spawnService(system, 'billing');
    spy = await connectNats(system.nats.url, 'test-spy');
    spy.subscribe(BILLING.accountSummary, {
      callback: () => {
        summariesAsked += 1;
      },
    });
    await spy.flush();
    ({ client: seen, userId: seenUserId } = await createSignedInUser(system, 'me-seen@example.com', { trialCredits: true }));
    ({ client: fresh } = await createSignedInUser(system, 'me-fresh@example.com'));
  }, 90_000);

  afterAll(async () => {
    billing?.resume();
    await spy?.drain();
    await billing?.stop();
    await system?.close();
  }, 30_000);

  it('answers the last credits seen, marked stale, well before the RPC time-out, and stops asking after two time-outs', async () => {
    expect(await me(seen)).toMatchObject({ status: 200, body: { credits: 10 } });
    expect((await me(seen)).body.creditsStale).toBeUndefined();

    billing.pause();
    const before = summariesAsked;
    await userChanged(seenUserId);
    const lastSeen = await me(seen);
    expect(lastSeen).toMatchObject({ status: 200, body: { credits: 10, creditsStale: true } });
    expect(lastSeen.ms).toBeLessThan(RPC_TIMEOUT_MS / 2);

    const neverSeen = await me(fresh);
    expect(neverSeen).toMatchObject({ status: 200, body: { credits: 0, creditsStale: true } });
    expect(neverSeen.ms).toBeLessThan(RPC_TIMEOUT_MS / 2);
    await spy.flush();
    expect(summariesAsked - before).toBe(2);

    // The third in a row: the circuit is open, the stale view answers without asking billing.
    const third = await me(seen);
    expect(third).toMatchObject({ status: 200, body: { credits: 10, creditsStale: true } });
    await spy.flush();
    expect(summariesAsked - before).toBe(2);
    process.stdout.write(
      `[me with billing paused] last seen ${lastSeen.ms} ms, never seen ${neverSeen.ms} ms, third (circuit open) ${third.ms} ms\n`,
    );

    billing.resume();
    await waitFor(async () => (await me(seen)).body.creditsStale === undefined, { timeoutMs: 20_000, what: 'fresh credits again' });
    expect(await me(fresh)).toMatchObject({ status: 200, body: { credits: 0 } });
  }, 60_000);
});
