import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RISK_CHECK } from '@printloom/contracts';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { TestClient } from './support/http.js';

/** Waits, when a minute is almost over, for the next one: the risk-check counter counts per clock minute. */
async function startOfAMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

/**
 * Every 429 says when to come back (issue 37): `retryAfterSeconds` in the body and, from the gateway's
 * error filter, the same number as `Retry-After`. Real PostgreSQL and NATS, auth and listings.
 */
describe('429 answers carry Retry-After (real PostgreSQL and NATS)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'listings'] });
  }, 60_000);

  afterAll(() => system?.close(), 30_000);

  it(`answers the ${RISK_CHECK.perMinute + 1}st risk check of a minute with 429 RATE_LIMITED, retryAfterSeconds and Retry-After; another seller is served`, async () => {
    const { client } = await createSignedInUser(system, 'fast-typer@example.com');
    await startOfAMinute();
    const statuses: number[] = [];
    for (let i = 0; i < RISK_CHECK.perMinute; i += 1)
      statuses.push((await client.post('/api/risk-check', { text: `coffee lover tee ${i}` })).status);
    expect(statuses).toEqual(new Array(RISK_CHECK.perMinute).fill(200));

    const refused = await client.post<{ error: string; code: string; retryAfterSeconds: number }>('/api/risk-check', {
      text: 'coffee lover',
    });
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: expect.stringContaining('60 texts a minute') } });
    const seconds = refused.body.retryAfterSeconds;
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
    expect(refused.headers.get('retry-after')).toBe(String(seconds));

    const other = await createSignedInUser(system, 'other-seller@example.com');
    expect(await other.client.post('/api/risk-check', { text: 'coffee lover' })).toMatchObject({ status: 200, body: { risks: [] } });
  }, 60_000);

  it('sets Retry-After on the 429 of another route too: the login limit of one address and email', async () => {
    await createSignedInUser(system, 'owner@example.com', { password: 'correct horse battery' });
    const stranger = new TestClient(system.baseUrl);
    const statuses: number[] = [];
    const guess = (i: number) =>
      stranger.post<{ code: string; retryAfterSeconds?: number }>('/api/auth/login', {
        email: 'owner@example.com',
        password: `guess ${i}`,
      });
    for (let i = 0; i < 10; i += 1) statuses.push((await guess(i)).status);
    const refused = await guess(10);
    statuses.push(refused.status);
    expect(statuses).toEqual([...new Array(10).fill(401), 429]);
    const seconds = refused.body.retryAfterSeconds;
    expect(typeof seconds === 'number' && seconds >= 1 && seconds <= 900).toBe(true);
    expect(refused.headers.get('retry-after')).toBe(String(seconds));
  }, 60_000);
});
