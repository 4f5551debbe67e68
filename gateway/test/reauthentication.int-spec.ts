import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/start.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox, codeFrom } from './support/smtp-inbox.js';
import { TestClient } from './support/http.js';

const PASSWORD = 'correct horse battery';
// Short, so "after the window" is seconds away; the default is LIMITS.reauthWindowMinutes (10).
const WINDOW_MS = 4000;
const REAUTH_REQUIRED = { status: 403, body: { error: expect.any(String), code: 'REAUTH_REQUIRED' } };
const CONFIRMATION_SUBJECT = /^Your Printloom confirmation code: \d{6}$/;

interface Me {
  confirmedUntil: string | null;
}

describe('leaving needs a recent proof: password, sign-in or emailed code (real PostgreSQL, NATS, SMTP, two gateways)', () => {
  let system: TestSystem;
  let second: RunningGateway;
  let inbox: SmtpInbox;
  const authDb = () => system.services.auth!.infra.dataSource;
  const exportStatus = async (client: TestClient) => (await client.get('/api/account/export')).status;

  beforeAll(async () => {
    inbox = new SmtpInbox();
    system = await startTestSystem({
      services: ['auth', 'billing', 'generation', 'assets', 'notifications', 'listings', 'publishing'],
      env: {
        SMTP_URL: await inbox.start(),
        MAIL_POLL_MS: '100',
        REAUTH_WINDOW_MS: String(WINDOW_MS),
        // Login limits of 3 per email: a few wrong passwords reach them.
        RATE_LIMIT_SCALE: '0.3',
        SESSION_CACHE_TTL_MS: '600000',
      },
    });
    second = await system.startGatewayInstance();
  }, 60_000);

  afterAll(async () => {
    await system?.close();
    await inbox?.stop();
  }, 30_000);

  it('answers 403 REAUTH_REQUIRED on export and delete for a session never confirmed, and deletes nothing', async () => {
    const { client, userId } = await createSignedInUser(system, 'unconfirmed@example.com', { password: PASSWORD });
    expect(await client.get('/api/account/export')).toMatchObject(REAUTH_REQUIRED);
    expect(await client.post('/api/account/delete', { confirmation: 'DELETE' })).toMatchObject(REAUTH_REQUIRED);
    expect(await client.get<Me>('/api/auth/me')).toMatchObject({ status: 200, body: { confirmedUntil: null } });
    const [{ deleted }] = await authDb().query(`SELECT deleted_at IS NOT NULL AS deleted FROM auth.users WHERE id = $1`, [userId]);
    expect(deleted).toBe(false);
  });

  it('confirm-password opens export for the window, visible at once in /me on both gateways; after the window it is 403 again', async () => {
    const { client } = await createSignedInUser(system, 'confirmer@example.com', { password: PASSWORD });
    const onSecond = client.on(second.url);
    // Both gateways hold the unconfirmed session and its me view in their caches.
    for (const gateway of [client, onSecond]) expect((await gateway.get<Me>('/api/auth/me')).body.confirmedUntil).toBeNull();
    expect(await exportStatus(onSecond)).toBe(403);

    const askedAt = Date.now();
    const confirmed = await client.post<Me>('/api/auth/confirm-password', { password: PASSWORD });
    const answeredAt = Date.now();
    expect(confirmed.status).toBe(200);
    // The window starts while the request is answered (one machine, one clock; ISO time keeps milliseconds).
    const until = Date.parse(confirmed.body.confirmedUntil!);
    expect(until).toBeGreaterThanOrEqual(askedAt + WINDOW_MS);
    expect(until).toBeLessThanOrEqual(answeredAt + WINDOW_MS);
    for (const gateway of [client, onSecond]) {
      expect((await gateway.get<Me>('/api/auth/me')).body.confirmedUntil).toBe(confirmed.body.confirmedUntil);
    }
    expect(await exportStatus(onSecond)).toBe(200);
    expect(await exportStatus(client)).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()) + 50));
    expect(await client.get('/api/account/export')).toMatchObject(REAUTH_REQUIRED);
    expect(await onSecond.post('/api/account/delete', { confirmation: 'DELETE' })).toMatchObject(REAUTH_REQUIRED);
  }, 30_000);

  it('counts a sign-in as a confirmation', async () => {
    await createSignedInUser(system, 'signs-in@example.com', { password: PASSWORD });
    const browser = new TestClient(system.baseUrl);
    expect((await browser.post('/api/auth/login', { email: 'signs-in@example.com', password: PASSWORD })).status).toBe(200);
    expect(Date.parse((await browser.get<Me>('/api/auth/me')).body.confirmedUntil!)).toBeGreaterThan(Date.now());
    expect(await exportStatus(browser)).toBe(200);
  });

  it('counts a wrong password as a failed login: enough of them and even the right password at login is refused', async () => {
    const { client } = await createSignedInUser(system, 'guessed@example.com', { password: PASSWORD });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await client.post('/api/auth/confirm-password', { password: `guess ${attempt}` })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
    }
    expect(await exportStatus(client)).toBe(403);
    const login = await new TestClient(system.baseUrl).post('/api/auth/login', { email: 'guessed@example.com', password: PASSWORD });
    expect(login).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(await client.post('/api/auth/confirm-password', { password: PASSWORD })).toMatchObject({ status: 429 });
  });

  it('confirms an account with neither a password nor Google through an emailed code; others are sent to their password', async () => {
    const { client } = await createSignedInUser(system, 'codes-only@example.com');
    expect(await client.post('/api/auth/confirm-password', { password: 'anything' })).toMatchObject({ status: 400 });
    expect(await client.post('/api/auth/confirmation-code')).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    const code = codeFrom(await inbox.waitFor('codes-only@example.com', CONFIRMATION_SUBJECT));
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await client.post('/api/auth/confirm-code', { code: wrong })).toMatchObject({ status: 400 });
    expect(await exportStatus(client)).toBe(403);
    expect(await client.post('/api/auth/confirm-code', { code: 'abc' })).toMatchObject({ status: 400 });
    expect((await client.post<Me>('/api/auth/confirm-code', { code })).body.confirmedUntil).toEqual(expect.any(String));
    expect(await exportStatus(client)).toBe(200);

    const { client: withPassword } = await createSignedInUser(system, 'has-password@example.com', { password: PASSWORD });
    expect(await withPassword.post('/api/auth/confirmation-code')).toMatchObject({ status: 400 });
    expect(inbox.count('has-password@example.com', CONFIRMATION_SUBJECT)).toBe(0);
    expect(await new TestClient(system.baseUrl).post('/api/auth/confirmation-code')).toMatchObject({ status: 401 });
  }, 30_000);

  it('asks the same proof for deleting more than 10 designs and for a whole collection deleted, downloaded or exported; not for less', async () => {
    const { client } = await createSignedInUser(system, 'bulk-proof@example.com', { password: PASSWORD });
    const ids = (count: number) => Array.from({ length: count }, () => randomUUID());
    const batchId = randomUUID();
    const job = (body: Record<string, unknown>) => client.post('/api/bulk-jobs', body);
    expect(await client.delete('/api/assets', { ids: ids(11) })).toMatchObject(REAUTH_REQUIRED);
    expect(await job({ action: 'delete', ids: ids(11) })).toMatchObject(REAUTH_REQUIRED);
    expect(await job({ action: 'delete', batchId })).toMatchObject(REAUTH_REQUIRED);
    expect(await job({ action: 'download', batchId })).toMatchObject(REAUTH_REQUIRED);
    expect(await job({ action: 'export', batchId, preset: 'merch-by-amazon-tshirt' })).toMatchObject(REAUTH_REQUIRED);

    // Fewer designs, or starring a collection, go on without a proof to the service (here: designs and a collection it does not know).
    expect(await client.delete('/api/assets', { ids: ids(10) })).toMatchObject({ status: 404 });
    expect(await job({ action: 'star', batchId })).toMatchObject({ status: 404 });
    // Bad input is the row's own 400, whatever the proof.
    expect(await client.delete('/api/assets', { ids: ['not-an-id'] })).toMatchObject({ status: 400 });
    expect(await job({ action: 'delete', ids: ids(11), batchId })).toMatchObject({ status: 400 });

    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
    expect(await client.delete('/api/assets', { ids: ids(11) })).toMatchObject({ status: 404 });
    expect(await job({ action: 'delete', batchId })).toMatchObject({ status: 404 });
  });
});
