import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING } from '@printloom/contracts';
import { connectNats, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { spawnService, type SpawnedService } from './support/spawned-service.js';
import type { TestClient } from './support/http.js';

const RPC_TIMEOUT_MS = 2000;
const TIMED_OUT = { error: 'The billing service did not answer in time. Please try again.', code: 'TIMEOUT' };
const NOT_ANSWERING = { error: 'The billing service is not answering right now. Please try again in a few seconds.', code: 'UNAVAILABLE' };
// Long enough that the five fast answers below all fall inside it on a loaded machine (with 1.5 s, the
// cool-down could end before them and let a probe wait the whole time-out).
const COOLDOWN_MS = 6000;

// Billing as its own process, paused with SIGSTOP: it keeps its NATS subscription and answers nothing,
// so every request to it would wait the whole RPC time-out. After two time-outs the gateway's circuit
// for the subject opens: the third request in a row and those after it fail at once with 503 and
// Retry-After (the rest of the cool-down), without reaching NATS; after SIGCONT and the cool-down, one
// probe gets through and closes it. The cached `me` view answers throughout.
describe('a stalled billing process costs a request at most its first time-outs (real NATS, PostgreSQL, billing paused with SIGSTOP)', () => {
  let system: TestSystem;
  let billing: SpawnedService;
  let spy: NatsConnection;
  let client: TestClient;
  let requestsSeen = 0;

  const circuitOpen = async () => {
    const text = await (await fetch(`http://127.0.0.1:${system.gateway.healthPort}/metrics`)).text();
    return /^printloom_rpc_circuit_open\{subject="billing\.credit-history\.list"[^}]*\} (\d)$/m.exec(text)?.[1];
  };
  const history = async () => {
    const started = Date.now();
    const response = await client.get('/api/billing/credit-history');
    return { status: response.status, body: response.body, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started };
  };

  beforeAll(async () => {
    system = await startTestSystem({
      services: ['auth'],
      env: { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS), RPC_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS), SESSION_CACHE_TTL_MS: '600000' },
    });
    billing = await spawnService(system, 'billing');
    // Counts the requests that reach NATS for the subject (a plain subscriber gets a copy of each).
    spy = await connectNats(system.nats.url, 'test-spy');
    spy.subscribe(BILLING.creditHistory, {
      callback: () => {
        requestsSeen += 1;
      },
    });
    await spy.flush();
    ({ client } = await createSignedInUser(system, 'paused-billing@example.com', { trialCredits: true }));
  }, 90_000);

  afterAll(async () => {
    billing?.resume();
    await spy?.drain();
    await billing?.stop();
    await system?.close();
  }, 30_000);

  it('fails fast once the circuit opens, keeps the cached me view, and closes after a probe once billing resumes', async () => {
    expect(await history()).toMatchObject({ status: 200 });
    expect(await client.get('/api/auth/me')).toMatchObject({ status: 200, body: { credits: 10 } });
    const before = requestsSeen;

    billing.pause();
    // The first two requests in a row wait the whole time-out, as before.
    for (let i = 0; i < 2; i += 1) expect(await history()).toMatchObject({ status: 504, body: TIMED_OUT });
    expect(requestsSeen - before).toBe(2);
    expect(await circuitOpen()).toBe('1');

    // From the third on, 503 at once with when to try again: none of these reaches NATS, none waits the time-out.
    const fast = [];
    for (let i = 0; i < 5; i += 1) fast.push(await history());
    for (const answer of fast) {
      expect(answer).toMatchObject({ status: 503, body: NOT_ANSWERING });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(Math.ceil(COOLDOWN_MS / 1000));
      expect(answer.body.retryAfterSeconds).toBe(Number(answer.retryAfter));
      expect(answer.ms).toBeLessThan(RPC_TIMEOUT_MS / 2);
    }
    expect(requestsSeen - before).toBe(2);

    // What the gateway can answer without billing still answers: the cached me view.
    expect(await client.get('/api/auth/me')).toMatchObject({ status: 200, body: { credits: 10 } });

    billing.resume();
    await waitFor(async () => (await history()).status === 200, { timeoutMs: 20_000, what: 'credit history answered again' });
    expect(await circuitOpen()).toBe('0');
    expect(await history()).toMatchObject({ status: 200 });
  });
});
