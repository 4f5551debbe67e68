import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { spawnService, type SpawnedService } from './support/spawned-service.js';
import type { TestClient } from './support/http.js';

const TIMED_OUT = { error: 'The billing service did not answer in time. Please try again.', code: 'TIMEOUT' };
const NOT_ANSWERING = { error: 'The billing service is not answering right now. Please try again in a few seconds.', code: 'UNAVAILABLE' };
/** The services' RPC time-out (RpcClient's default), under the gateway's 15 s for the request. */
const SERVICE_RPC_TIMEOUT_MS = 10_000;

// The case: billing paused (SIGSTOP), `POST /api/generate` (gateway → generation → billing) waited
// generation's whole 10 s time-out to billing on every request. The generation service's own RpcClient
// opens its circuit for the billing subject after two, and the following requests answer 503 at once with
// Retry-After (the error crosses NATS with its retryAfterSeconds); after SIGCONT and the cool-down a probe
// closes it and jobs are taken again.
describe('POST /api/generate with billing paused by SIGSTOP (real NATS, PostgreSQL, generation, billing as its own process)', () => {
  let system: TestSystem;
  let billing: SpawnedService;
  let client: TestClient; // (the cached me view while billing is paused: rpc-circuit.int-spec.ts)

  const generationCircuit = async () => {
    const text = await (await fetch(`http://127.0.0.1:${system.services.generation!.healthPort}/metrics`)).text();
    return /^printloom_rpc_circuit_open\{subject="billing\.entitlements\.get"[^}]*\} (\d)$/m.exec(text)?.[1];
  };
  const generate = async () => {
    const started = Date.now();
    const response = await client.post('/api/generate', { prompt: "a heron at dawn, 'Still Water'" });
    return { status: response.status, body: response.body, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started };
  };

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'generation'], env: { SESSION_CACHE_TTL_MS: '600000' } });
    billing = await spawnService(system, 'billing');
    ({ client } = await createSignedInUser(system, 'generate-paused@example.com', { trialCredits: true }));
  }, 90_000);

  afterAll(async () => {
    billing?.resume();
    await billing?.stop();
    await system?.close();
  }, 30_000);

  it('answers 504 at once after the first time-outs, and takes jobs again once billing resumes', async () => {
    billing.pause();
    const first = await Promise.all([generate(), generate(), generate()]);
    for (const answer of first) {
      expect(answer).toMatchObject({ status: 504, body: TIMED_OUT });
      expect(answer.ms).toBeGreaterThanOrEqual(SERVICE_RPC_TIMEOUT_MS - 500);
    }
    expect(await generationCircuit()).toBe('1');

    for (let i = 0; i < 3; i += 1) {
      const answer = await generate();
      expect(answer).toMatchObject({ status: 503, body: NOT_ANSWERING });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.ms).toBeLessThan(SERVICE_RPC_TIMEOUT_MS / 2);
    }

    billing.resume();
    await waitFor(async () => (await generate()).status < 300, { timeoutMs: 30_000, intervalMs: 500, what: 'a job taken again' });
    expect(await generationCircuit()).toBe('0');
  }, 90_000);
});
