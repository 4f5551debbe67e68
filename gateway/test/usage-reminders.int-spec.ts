import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, jobImageKey, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { TestClient } from './support/http.js';
import { ExpiryReminders } from '../../services/assets/src/expiry-reminders.service.js';

describe('storage used on /account and the weekly expiry reminder (real PostgreSQL, NATS, storage and SMTP)', () => {
  let system: TestSystem;
  let inbox: SmtpInbox;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  const assetsDb = () => system.services.assets!.infra.dataSource;
  async function ingest(userId: string, prompt: string, variants: Array<'A' | 'B' | 'C' | 'D'>) {
    const jobId = randomUUID();
    const png = await sharp({ create: { width: 40, height: 50, channels: 4, background: '#1d3557' } })
      .png()
      .toBuffer();
    const images = [];
    for (const variant of variants) {
      await storage.put(jobImageKey(jobId, variant), png, 'image/png');
      images.push({ variant, key: jobImageKey(jobId, variant) });
    }
    return (await rpc.request(ASSETS.ingest, { userId, jobId, prompt, images })).assetIds;
  }

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'assets', 'notifications'],
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', PUBLIC_URL: 'http://localhost:8080' },
    });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
    await inbox?.stop();
  }, 30_000);

  it('answers images, bytes and images expiring within 7 days in one call', async () => {
    const { client, userId } = await createSignedInUser(system, 'usage@example.com');
    expect((await client.get('/api/assets/usage')).body).toEqual({ images: 0, bytes: 0, expiringSoon: 0 });
    const ids = await ingest(userId, 'usage test', ['A', 'B', 'C']);
    await assetsDb().query(`UPDATE assets.assets SET expires_at = now() + interval '3 days' WHERE id = $1`, [ids[0]]);
    await assetsDb().query(`UPDATE assets.assets SET expires_at = now() - interval '1 minute' WHERE id = $1`, [ids[1]]); // expired: not counted
    const [{ bytes }] = await assetsDb().query(`SELECT original_size::int AS bytes FROM assets.assets WHERE id = $1`, [ids[2]]);
    expect((await client.get('/api/assets/usage')).body).toEqual({ images: 2, bytes: bytes * 2, expiringSoon: 1 });
    expect((await new TestClient(system.baseUrl).get('/api/assets/usage')).status).toBe(401);
  }, 30_000);

  const subscribed = async (userId: string) =>
    (await assetsDb().query(`SELECT unsubscribed_at IS NULL AS subscribed FROM assets.expiry_reminders WHERE user_id = $1`, [userId]))[0]
      .subscribed as boolean;

  /** A seller with an unstarred image expiring in 2 days, reminded: their reminder mail. */
  async function remindedSeller(email: string) {
    const { userId } = await createSignedInUser(system, email);
    const [soon] = await ingest(userId, 'a reminded design', ['A']);
    await assetsDb().query(`UPDATE assets.assets SET expires_at = now() + interval '2 days' WHERE id = $1`, [soon]);
    await system.services.assets!.app.get(ExpiryReminders).sendDue();
    return { userId, mail: await inbox.waitFor(email, /^1 of your Printloom designs expire this week$/) };
  }

  it('emails a seller at most weekly about unstarred images expiring within 7 days, with a link to stop them', async () => {
    const { userId } = await createSignedInUser(system, 'reminded@example.com');
    const [soon, starred] = await ingest(userId, "a cat astronaut, 'Space Meow'", ['A', 'B', 'C']);
    await assetsDb().query(`UPDATE assets.assets SET expires_at = now() + interval '2 days' WHERE id = ANY($1::uuid[])`, [[soon, starred]]);
    await assetsDb().query(`UPDATE assets.assets SET starred = true WHERE id = $1`, [starred]);
    const reminders = system.services.assets!.app.get(ExpiryReminders);
    const { reminders_sent } = await reminders.sendDue();
    expect(reminders_sent).toBeGreaterThanOrEqual(1);
    const mail = await inbox.waitFor('reminded@example.com', /^1 of your Printloom designs expire this week$/);
    expect(mail.text).toContain("a cat astronaut, 'Space Meow' (A) · expires");
    expect(mail.text).not.toContain('(B)');
    expect(mail.text).not.toContain('(C)');

    // Weekly at most: a second pass sends nothing more to this user.
    await reminders.sendDue();
    const [{ count }] = await assetsDb().query(
      `SELECT count(*)::int AS count FROM assets.expiry_reminders WHERE user_id = $1 AND last_sent_at > now() - interval '1 minute'`,
      [userId],
    );
    expect(count).toBe(1);

    // The link opens the app's confirmation page; its button posts the token.
    const link = new URL(/Stop these reminders: (\S+)/.exec(mail.text)![1]);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8080/unsubscribe');
    const token = link.searchParams.get('token')!;
    const anonymous = new TestClient(system.baseUrl);
    expect(await anonymous.post('/api/reminders/unsubscribe', { token })).toMatchObject({
      status: 200,
      body: { message: 'You will no longer get expiry reminders.' },
    });
    expect(await subscribed(userId)).toBe(false);

    // Unsubscribed: even a week later, no reminder.
    await assetsDb().query(`UPDATE assets.expiry_reminders SET last_sent_at = now() - interval '8 days' WHERE user_id = $1`, [userId]);
    await reminders.sendDue();
    const [{ sent }] = await assetsDb().query(
      `SELECT last_sent_at < now() - interval '7 days' AS sent FROM assets.expiry_reminders WHERE user_id = $1`,
      [userId],
    );
    expect(sent).toBe(true);
  }, 30_000);

  it('changes nothing on a GET: not the link, not the one-click URL, not a link mailed before the confirmation page', async () => {
    const { userId, mail } = await remindedSeller('scanned@example.com');
    const scanner = new TestClient(system.baseUrl);
    // The link as a scanner follows it (no app in this test system: the page is the SPA's, served beside /api).
    const link = new URL(/Stop these reminders: (\S+)/.exec(mail.text)![1]);
    expect((await scanner.get(`${link.pathname}${link.search}`)).status).toBe(404);
    expect(await subscribed(userId)).toBe(true);
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1]);
    for (const method of ['GET', 'HEAD'])
      expect((await scanner.request(method, `${oneClick.pathname}${oneClick.search}`)).status).toBe(404);
    const oldLink = await scanner.get(`/api/reminders/unsubscribe${link.search}`);
    expect(oldLink.status).toBe(302);
    expect(oldLink.headers.get('location')).toBe(`/unsubscribe${link.search}`);
    expect(await scanner.get('/api/reminders/unsubscribe')).toMatchObject({
      status: 400,
      body: { error: 'This unsubscribe link is not valid.' },
    });
    expect(await subscribed(userId)).toBe(true);
  }, 30_000);

  it("carries List-Unsubscribe and List-Unsubscribe-Post, and a mail provider's one-click POST unsubscribes without a session or our origin", async () => {
    const { userId, mail } = await remindedSeller('one-click@example.com');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1]);
    expect(`${oneClick.origin}${oneClick.pathname}`).toBe('http://localhost:8080/api/reminders/unsubscribe/one-click');
    const post = (body: string | FormData, headers: Record<string, string> = {}) =>
      fetch(`${system.baseUrl}${oneClick.pathname}${oneClick.search}`, {
        method: 'POST',
        body,
        headers: { origin: 'https://mail.example', ...headers },
      });

    const wrongBody = await post('List-Unsubscribe=Maybe', { 'content-type': 'application/x-www-form-urlencoded' });
    expect({ status: wrongBody.status, body: await wrongBody.json() }).toMatchObject({
      status: 400,
      body: { error: 'Expected the form body List-Unsubscribe=One-Click.' },
    });
    const json = await post(JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    const huge = await post(`List-Unsubscribe=One-Click&pad=${'x'.repeat(10_000)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(huge.status).toBe(413);
    expect(await subscribed(userId)).toBe(true);

    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const unsubscribed = await post(form);
    expect({ status: unsubscribed.status, body: await unsubscribed.json() }).toEqual({
      status: 200,
      body: { message: 'You will no longer get expiry reminders.' },
    });
    expect(await subscribed(userId)).toBe(false);
    // Sent again (providers retry): the same answer.
    expect((await post('List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(200);
  }, 30_000);

  it('answers a bad token with a 4xx and a message, and refuses the confirmation POST from another site', async () => {
    const { userId, mail } = await remindedSeller('bad-tokens@example.com');
    const token = new URL(/Stop these reminders: (\S+)/.exec(mail.text)![1]).searchParams.get('token')!;
    const anonymous = new TestClient(system.baseUrl);
    expect(await anonymous.post('/api/reminders/unsubscribe', { token: 'nope' })).toMatchObject({
      status: 400,
      body: { error: 'This unsubscribe link is not valid.' },
    });
    expect(await anonymous.post('/api/reminders/unsubscribe', {})).toMatchObject({
      status: 400,
      body: { error: 'This unsubscribe link is not valid.' },
    });
    expect(await anonymous.post('/api/reminders/unsubscribe', { token: randomUUID() })).toMatchObject({
      status: 404,
      body: { error: 'This unsubscribe link is not valid.' },
    });
    const oneClick = (query: string) =>
      fetch(`${system.baseUrl}/api/reminders/unsubscribe/one-click${query}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (const [query, status] of [
      ['?token=nope', 400],
      ['', 400],
      [`?token=${randomUUID()}`, 404],
    ] as const) {
      const answer = await oneClick(query);
      expect({ status: answer.status, body: await answer.json() }).toMatchObject({
        status,
        body: { error: 'This unsubscribe link is not valid.' },
      });
    }
    const crossSite = new TestClient(system.baseUrl, 'https://evil.example');
    expect((await crossSite.post('/api/reminders/unsubscribe', { token })).status).toBe(403);
    expect(await subscribed(userId)).toBe(true);
  }, 30_000);
});
