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

  it('emails a seller at most weekly about unstarred images expiring within 7 days, with a working unsubscribe link', async () => {
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

    const link = /Stop these reminders: (\S+)/.exec(mail.text)![1];
    const url = new URL(link);
    expect(url.origin).toBe('http://localhost:8080');
    const anonymous = new TestClient(system.baseUrl);
    expect(await anonymous.get(`${url.pathname}${url.search}`)).toMatchObject({
      status: 200,
      body: { message: 'You will no longer get expiry reminders.' },
    });
    expect(await anonymous.get('/api/reminders/unsubscribe?token=nope')).toMatchObject({
      status: 400,
      body: { error: 'This unsubscribe link is not valid.' },
    });
    expect(await anonymous.get(`/api/reminders/unsubscribe?token=${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { error: 'This unsubscribe link is not valid.' },
    });

    // Unsubscribed: even a week later, no reminder.
    await assetsDb().query(`UPDATE assets.expiry_reminders SET last_sent_at = now() - interval '8 days' WHERE user_id = $1`, [userId]);
    await reminders.sendDue();
    const [{ sent }] = await assetsDb().query(
      `SELECT last_sent_at < now() - interval '7 days' AS sent FROM assets.expiry_reminders WHERE user_id = $1`,
      [userId],
    );
    expect(sent).toBe(true);
  }, 30_000);
});
