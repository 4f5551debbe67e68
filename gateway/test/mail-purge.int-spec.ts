import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH, NOTIFICATIONS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox, VERIFY_SUBJECT, codeFrom } from './support/smtp-inbox.js';
import { TestClient } from './support/http.js';

const ADDRESS = 'comes-back@example.com';

describe("a deleted account's mail is purged by its id, never by its address (real PostgreSQL, NATS and SMTP)", () => {
  let system: TestSystem;
  let inbox: SmtpInbox;
  let nc: NatsConnection;
  let rpc: RpcClient;
  const db = () => system.services.notifications!.infra.dataSource;
  const count = async (sql: string, params: unknown[]) => (await db().query(sql, params))[0].n as number;
  const keysTo = async (recipient: string): Promise<string[]> =>
    (await db().query(`SELECT key FROM notifications.outbox WHERE recipient = $1 ORDER BY key`, [recipient])).map(
      (row: { key: string }) => row.key,
    );

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'notifications'],
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', ACCOUNT_PURGE_INTERVAL_MS: '200' },
    });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
    await inbox?.stop();
  }, 30_000);

  it("removes the deleted account's mail and support messages after the window, while a new account with the same address keeps its own", async () => {
    // The first account: its sign-up code, its welcome, a support message sent signed out.
    const first = await createSignedInUser(system, ADDRESS, { inbox });
    await inbox.waitFor(ADDRESS, /^Welcome to Printloom/);
    const support = { type: 'support', email: ADDRESS, subject: 'Old question', message: 'From the first account' };
    expect((await new TestClient(system.baseUrl).post('/api/support', support)).status).toBe(200);
    await rpc.request(AUTH.deleteAccount, { userId: first.userId, confirmation: 'DELETE' });
    await waitFor(
      async () => (await count(`SELECT count(*)::int AS n FROM notifications.account_purges WHERE user_id = $1`, [first.userId])) === 1,
      { what: 'the deletion recorded by notifications' },
    );

    // The address comes back as a new account, with mail and a support message of its own.
    const client = new TestClient(system.baseUrl);
    const signup = await client.post<{ user: { id: string } }>('/api/auth/signup', { email: ADDRESS, password: 'a brand new password' });
    expect(signup.status).toBe(200);
    await waitFor(async () => inbox.count(ADDRESS, VERIFY_SUBJECT) === 2, { what: "the new account's code" });
    // The verification answers the new account's id (the sign-up answered the address's pseudonym).
    const verified = await client.post<{ user: { id: string } }>('/api/auth/verify-email', {
      email: ADDRESS,
      code: codeFrom(await inbox.waitFor(ADDRESS, VERIFY_SUBJECT)),
    });
    expect(verified.status).toBe(200);
    const second = { client, userId: verified.body.user.id };
    expect(second.userId).not.toBe(first.userId);
    await waitFor(async () => inbox.count(ADDRESS, /^Welcome to Printloom/) === 2, { what: "the new account's welcome" });
    const newSupport = { ...support, subject: 'New question', message: 'From the new account' };
    expect((await second.client.post('/api/support', newSupport)).status).toBe(200);
    // Mail sent for the old account after the address changed hands (e.g. a late billing notice) names its owner.
    await rpc.request(NOTIFICATIONS.sendEmail, {
      to: ADDRESS,
      template: 'payment-failed',
      data: {},
      key: `late-notice:${first.userId}`,
      userId: first.userId,
    });
    const newAccountKeys = (await keysTo(ADDRESS)).filter((key) => key.includes(second.userId));
    expect(newAccountKeys).toEqual([expect.stringMatching(/^verify:/), `welcome:${second.userId}`]);
    expect((await keysTo(ADDRESS)).filter((key) => key.includes(first.userId))).toEqual(
      expect.arrayContaining([`late-notice:${first.userId}`, `welcome:${first.userId}`, expect.stringMatching(/^verify:/)]),
    );

    // 90 days later.
    await db().query(`UPDATE notifications.account_purges SET purge_after = now() - interval '1 second' WHERE user_id = $1`, [
      first.userId,
    ]);
    await waitFor(
      async () => (await count(`SELECT count(*)::int AS n FROM notifications.account_purges WHERE user_id = $1`, [first.userId])) === 0,
      { what: 'the purge of the deleted account' },
    );
    expect((await keysTo(ADDRESS)).filter((key) => key.includes(second.userId))).toEqual(newAccountKeys);
    // The deletion notice, queued after the deletion, names its account too: it goes with the rest.
    expect((await keysTo(ADDRESS)).filter((key) => key.includes(first.userId))).toEqual([]);
    const supportSubjects = (await db().query(`SELECT subject FROM notifications.support_messages WHERE email = $1`, [ADDRESS])).map(
      (row: { subject: string }) => row.subject,
    );
    expect(supportSubjects).toEqual(['New question']);
    // The copies mailed to support: the old account's went with it, the new one's stays.
    expect(await count(`SELECT count(*)::int AS n FROM notifications.outbox WHERE text_body LIKE '%From the first account%'`, [])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM notifications.outbox WHERE text_body LIKE '%From the new account%'`, [])).toBe(1);
  }, 60_000);
});
