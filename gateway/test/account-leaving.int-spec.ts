import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { type Asset } from '@printloom/contracts';

import { createStorage, storageEnvSchema, userPrefix, type ObjectStorage } from '@printloom/storage';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { TestClient } from './support/http.js';
import { readStoredZip } from './support/zip.js';

describe('leaving: download my data and delete my account, across every service (real PostgreSQL, NATS, storage and SMTP)', () => {
  let system: TestSystem;
  let inbox: SmtpInbox;
  let storage: ObjectStorage;
  const db = (service: 'auth' | 'billing' | 'generation' | 'assets' | 'notifications') => system.services[service]!.infra.dataSource;
  const count = async (service: Parameters<typeof db>[0], sql: string, params: unknown[]) =>
    (await db(service).query(sql, params))[0].n as number;
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys;
  };

  const PASSWORD = 'correct horse battery';

  /** A seller with one finished job, signed in long ago: leaving first asks for the password again. */
  async function seller(email: string) {
    const user = await createSignedInUser(system, email, { trialCredits: true, password: PASSWORD });
    const { body } = await user.client.post<{ jobId: string }>('/api/generate', { prompt: "a cat astronaut, 'Space Meow'" });
    await waitFor(
      async () => (await user.client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded',
    );
    return { ...user, jobId: body.jobId };
  }

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'billing', 'generation', 'assets', 'notifications', 'listings', 'publishing'],
      env: {
        SMTP_URL: smtpUrl,
        MAIL_POLL_MS: '100',
        LOCAL_RENDER_SCALE: '0.05',
        ACCOUNT_PURGE_INTERVAL_MS: '200',
        AUTH_SWEEP_INTERVAL_MS: '200',
      },
    });
    storage = createStorage(storageEnvSchema.parse(system.env));
  }, 60_000);

  afterAll(async () => {
    await system?.close();
    await inbox?.stop();
  }, 30_000);

  it('exports every image and the account, jobs and credit history as one ZIP', async () => {
    const { client, userId, jobId } = await seller('exporter@example.com');
    expect(await client.get('/api/account/export')).toMatchObject({ status: 403, body: { code: 'REAUTH_REQUIRED' } });
    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);
    const response = await fetch(`${system.baseUrl}/api/account/export`, { headers: { cookie: client.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="printloom-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = readStoredZip(Buffer.from(await response.arrayBuffer()));
    const names = [...files.keys()].sort();
    expect(names).toEqual([
      'account.json',
      'batches.json',
      'credit-history.json',
      'images/space-meow-A.png',
      'images/space-meow-B.png',
      'images/space-meow-C.png',
      'images/space-meow-D.png',
      'jobs.json',
      'library.json',
      'listings.json',
      'publishing.json',
    ]);
    const account = JSON.parse(files.get('account.json')!.toString());
    expect(account).toMatchObject({ user: { id: userId, email: 'exporter@example.com' }, credits: 9, subscription: null });
    expect(JSON.parse(files.get('jobs.json')!.toString())).toEqual([
      expect.objectContaining({ id: jobId, prompt: "a cat astronaut, 'Space Meow'", status: 'succeeded' }),
    ]);
    expect(JSON.parse(files.get('batches.json')!.toString())).toEqual([]);
    const history = JSON.parse(files.get('credit-history.json')!.toString());
    expect(history.entries.map((entry: { delta: number }) => entry.delta).reduce((a: number, b: number) => a + b, 0)).toBe(9);
    const library: Array<Asset & { file: string }> = JSON.parse(files.get('library.json')!.toString());
    expect(library).toHaveLength(4);
    for (const item of library) expect((await sharp(files.get(item.file)!).metadata()).format).toBe('png');

    expect((await new TestClient(system.baseUrl).get('/api/account/export')).status).toBe(401);
  }, 30_000);

  it('deletes an account: typed confirmation, sessions end at once, subscription cancelled, email sent; data purged after the retention, billing records kept', async () => {
    const { client, userId, jobId } = await seller('leaver@example.com');
    // A collection too: its batch and rows go with the account.
    const started = await client.post<{ batch: { id: string } }>('/api/batches', { template: '{value} astronaut', values: ['Dog'] });
    expect(started.status).toBe(201);
    await waitFor(
      async () =>
        (await client.get<{ batch: { status: string } }>(`/api/batches/${started.body.batch.id}`)).body.batch.status === 'finished',
    );
    const checkout = await client.post<{ url: string }>('/api/stripe/checkout', { planId: 'starter' });
    await client.post(`/api/checkout/local/${checkout.body.url.split('/').pop()}`, { action: 'pay' });
    await waitFor(
      async () =>
        (await count('billing', `SELECT count(*)::int AS n FROM billing.subscriptions WHERE user_id = $1 AND status = 'active'`, [
          userId,
        ])) === 1,
    );
    // A second device, signed in too.
    const otherToken = randomBytes(32).toString('base64url');
    await db('auth').query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      userId,
      createHash('sha256').update(otherToken).digest('hex'),
    ]);
    const otherDevice = new TestClient(system.baseUrl);
    otherDevice.setCookie('pl_session', otherToken);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(200);

    // Signed in long ago: the password first, or nothing is deleted.
    expect(await client.post('/api/account/delete', { confirmation: 'DELETE' })).toMatchObject({
      status: 403,
      body: { code: 'REAUTH_REQUIRED' },
    });
    expect((await otherDevice.get('/api/auth/me')).status).toBe(200);
    expect((await client.post('/api/auth/confirm-password', { password: PASSWORD })).status).toBe(200);

    expect(await client.post('/api/account/delete', { confirmation: 'delete' })).toMatchObject({
      status: 400,
      body: { error: 'Type DELETE to confirm.' },
    });
    expect(await client.post('/api/account/delete', {})).toMatchObject({ status: 400 });
    expect((await client.get('/api/auth/me')).status).toBe(200); // nothing changed

    const deleted = await client.post<{ message: string; purgeAfter: string }>('/api/account/delete', { confirmation: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Your account has been deleted. Your data will be removed within 90 days.');
    expect(Math.round((Date.parse(deleted.body.purgeAfter) - Date.now()) / 86400_000)).toBe(90);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    await inbox.waitFor('leaver@example.com', /^Your Printloom account has been deleted$/);
    await waitFor(
      async () =>
        (await count('billing', `SELECT count(*)::int AS n FROM billing.subscriptions WHERE user_id = $1 AND status = 'canceled'`, [
          userId,
        ])) === 1,
    );
    // The address is free at once: coming back is a new account, and the old password no longer signs in.
    expect(
      await new TestClient(system.baseUrl).post('/api/auth/login', { email: 'leaver@example.com', password: 'anything at all' }),
    ).toMatchObject({ status: 401 });
    const again = await new TestClient(system.baseUrl).post<{ user: { id: string } }>('/api/auth/signup', {
      email: 'leaver@example.com',
      password: 'a brand new password',
    });
    expect(again.status).toBe(200);
    expect(again.body.user.id).not.toBe(userId);
    // The sign-up answers the address's pseudonym: the new account's own id is auth's.
    const [newAccount] = await db('auth').query(`SELECT id FROM auth.users WHERE email = 'leaver@example.com' AND id <> $1`, [userId]);

    // Within the retention the data is kept (unusable): every service has recorded the purge.
    for (const service of ['assets', 'generation', 'billing', 'notifications'] as const) {
      await waitFor(
        async () => (await count(service, `SELECT count(*)::int AS n FROM ${service}.account_purges WHERE user_id = $1`, [userId])) === 1,
      );
    }
    expect((await keysUnder(userPrefix(userId))).length).toBe(24);
    expect(await count('assets', `SELECT count(*)::int AS n FROM assets.assets WHERE user_id = $1`, [userId])).toBe(8);
    expect(await count('generation', `SELECT count(*)::int AS n FROM generation.batches WHERE user_id = $1`, [userId])).toBe(1);
    // A listing kit prepared before leaving (ready: its files are the images' own, deleted with them).
    await db('assets').query(
      `INSERT INTO assets.design_jobs (user_id, action, asset_ids, status, processed, expires_at) VALUES ($1, 'kit', '{}', 'done', 0, now() + interval '7 days')`,
      [userId],
    );

    // 90 days later.
    for (const service of ['assets', 'generation', 'billing', 'notifications'] as const) {
      await db(service).query(`UPDATE ${service}.account_purges SET purge_after = now() - interval '1 second' WHERE user_id = $1`, [
        userId,
      ]);
    }
    await db('auth').query(`UPDATE auth.users SET deleted_at = now() - interval '91 days' WHERE id = $1`, [userId]);
    await waitFor(async () => (await count('assets', `SELECT count(*)::int AS n FROM assets.assets WHERE user_id = $1`, [userId])) === 0);
    await waitFor(
      async () => (await count('assets', `SELECT count(*)::int AS n FROM assets.design_jobs WHERE user_id = $1`, [userId])) === 0,
    );
    expect(await keysUnder(userPrefix(userId))).toEqual([]);
    await waitFor(async () => (await count('generation', `SELECT count(*)::int AS n FROM generation.jobs WHERE id = $1`, [jobId])) === 0);
    expect(await count('generation', `SELECT count(*)::int AS n FROM generation.batches WHERE user_id = $1`, [userId])).toBe(0);
    expect(await count('generation', `SELECT count(*)::int AS n FROM generation.batch_rows WHERE user_id = $1`, [userId])).toBe(0);
    // Its mail goes by its id; the address's new account keeps its code (gateway/test/mail-purge.int-spec.ts).
    await waitFor(
      async () => (await count('notifications', `SELECT count(*)::int AS n FROM notifications.outbox WHERE user_id = $1`, [userId])) === 0,
    );
    expect(
      await count('notifications', `SELECT count(*)::int AS n FROM notifications.outbox WHERE key LIKE 'verify:' || $1 || ':%'`, [
        newAccount.id,
      ]),
    ).toBe(1);
    await waitFor(async () => (await count('auth', `SELECT count(*)::int AS n FROM auth.users WHERE id = $1`, [userId])) === 0);
    await waitFor(
      async () => (await count('billing', `SELECT count(*)::int AS n FROM billing.checkout_sessions WHERE user_id = $1`, [userId])) === 0,
    );
    for (const service of ['assets', 'generation', 'billing', 'notifications'] as const) {
      await waitFor(
        async () => (await count(service, `SELECT count(*)::int AS n FROM ${service}.account_purges WHERE user_id = $1`, [userId])) === 0,
      );
    }
    // Transactions are kept, keyed by the user id alone.
    expect(await count('billing', `SELECT count(*)::int AS n FROM billing.ledger_entries WHERE user_id = $1`, [userId])).toBeGreaterThan(0);
  }, 60_000);
});
