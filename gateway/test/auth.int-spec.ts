import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@printloom/contracts';
import { connectNats } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';
import { SmtpInbox, VERIFY_SUBJECT, codeFrom } from './support/smtp-inbox.js';
import { createSignedInUser } from './support/sessions.js';

const RESET_SUBJECT = /password reset code: \d{6}$/;

describe('accounts through the gateway (real PostgreSQL, NATS and SMTP)', () => {
  let system: TestSystem;
  let inbox: SmtpInbox;
  let ipCounter = 0;

  /** Each client gets its own address so per-IP rate limits stay per test. */
  const newClient = () => {
    ipCounter += 1;
    return new TestClientWithIp(system.baseUrl, `203.0.113.${ipCounter}`);
  };

  class TestClientWithIp extends TestClient {
    constructor(
      baseUrl: string,
      private readonly ip: string,
    ) {
      super(baseUrl);
    }
    override request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      return super.request<T>(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
    }
  }

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'notifications'],
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '200', TRUST_PROXY: '1', SUPPORT_EMAIL: 'help@printloom.test' },
    });
  });

  afterAll(async () => {
    await system?.close();
    await inbox?.stop();
  });

  it('signs up, mails a 6-digit code (in the subject too), verifies and starts a session', async () => {
    const client = newClient();
    const signup = await client.post('/api/auth/signup', { email: '  Seller@Example.COM ', password: 'correct horse battery' });
    expect(signup.status).toBe(200);
    expect(signup.body).toEqual({ requiresVerification: true, user: { id: expect.any(String) } });

    const mail = await inbox.waitFor('seller@example.com', VERIFY_SUBJECT);
    const code = codeFrom(mail);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);

    const unverifiedLogin = await client.post('/api/auth/login', { email: 'seller@example.com', password: 'correct horse battery' });
    expect(unverifiedLogin).toMatchObject({
      status: 403,
      body: { error: 'Please verify your email to continue.', code: 'FORBIDDEN', requiresVerification: true },
    });

    // The verification answers the account's real id; the sign-up answered the address's pseudonym, never that id.
    const verify = await client.post('/api/auth/verify-email', { email: 'seller@example.com', code });
    const [account] = await system.services.auth!.infra.dataSource.query(`SELECT id FROM auth.users WHERE email = 'seller@example.com'`);
    expect(verify).toMatchObject({ status: 200, body: { user: { id: account.id } } });
    expect((signup.body.user as { id: string }).id).not.toBe(account.id);
    expect(verify.body).not.toHaveProperty('session');
    const cookie = verify.headers.getSetCookie().find((line) => line.startsWith('pl_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await client.get('/api/auth/me');
    expect(me).toMatchObject({
      status: 200,
      body: { user: { email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false }, credits: 0, subscription: null },
    });
    await inbox.waitFor('seller@example.com', /^Welcome to Printloom/);
  });

  it('announces a verification with the client address it came from (trial credits are limited per address)', async () => {
    const nc = await connectNats(system.nats.url, 'test-events');
    const events: Array<{ email: string; ip?: string }> = [];
    const subscription = nc.subscribe(EVENTS.userVerified, {
      callback: (_error, message) => {
        events.push(message.json());
      },
    });
    const client = newClient();
    await client.post('/api/auth/signup', { email: 'announced@example.com', password: 'correct horse battery' });
    const code = codeFrom(await inbox.waitFor('announced@example.com', VERIFY_SUBJECT));
    expect((await client.post('/api/auth/verify-email', { email: 'announced@example.com', code })).status).toBe(200);
    await waitFor(() => events.some((event) => event.email === 'announced@example.com'));
    expect(events.find((event) => event.email === 'announced@example.com')?.ip).toMatch(/^203\.0\.113\.\d+$/);
    subscription.unsubscribe();
    await nc.drain();
  });

  it('sends a fresh code on a second sign-up of an unverified email, and the old code dies', async () => {
    const client = newClient();
    await client.post('/api/auth/signup', { email: 'twice@example.com', password: 'first password' });
    const first = codeFrom(await inbox.waitFor('twice@example.com', VERIFY_SUBJECT));
    await client.post('/api/auth/signup', { email: 'twice@example.com', password: 'second password' });
    await waitFor(() => inbox.count('twice@example.com', VERIFY_SUBJECT) === 2);
    const second = codeFrom(await inbox.waitFor('twice@example.com', VERIFY_SUBJECT));
    // A fresh code, not the pending one mailed again (two draws of 6 digits match once in a million).
    expect(second).not.toBe(first);
    expect((await client.post('/api/auth/verify-email', { email: 'twice@example.com', code: first })).status).toBe(400);
    expect((await client.post('/api/auth/verify-email', { email: 'twice@example.com', code: second })).status).toBe(200);
    expect((await newClient().post('/api/auth/login', { email: 'twice@example.com', password: 'second password' })).status).toBe(200);
  });

  it("binds each sign-up's password to the code it mailed: the latest sign-up replaces earlier ones, and only its own code sets it", async () => {
    const db = system.services.auth!.infra.dataSource;
    const email = 'pending@example.com';
    const passwordHashOf = async () =>
      ((await db.query(`SELECT password_hash FROM auth.users WHERE email = $1`, [email])) as Array<{ password_hash: string | null }>)[0]
        .password_hash;
    const owner = newClient();
    await owner.post('/api/auth/signup', { email, password: 'owner password' });
    await inbox.waitFor(email, VERIFY_SUBJECT);
    expect(await passwordHashOf()).toBeNull();

    const squatter = newClient();
    await squatter.post('/api/auth/signup', { email, password: 'squatter password' });
    await waitFor(() => inbox.count(email, VERIFY_SUBJECT) === 2);
    expect(await passwordHashOf()).toBeNull(); // no sign-up sets a password by itself
    expect(await squatter.post('/api/auth/login', { email, password: 'squatter password' })).toMatchObject({
      status: 403,
      body: { requiresVerification: true },
    });

    // The owner signs up again (replacing the squatter's pending sign-up) and asks for the code once more.
    await owner.post('/api/auth/signup', { email, password: 'owner password' });
    await waitFor(() => inbox.count(email, VERIFY_SUBJECT) === 3);
    const squattersCode = codeFrom(inbox.messages.filter((mail) => mail.to === email)[1]);
    await owner.post('/api/auth/resend-verification', { email });
    await waitFor(() => inbox.count(email, VERIFY_SUBJECT) === 4);
    const resent = codeFrom(await inbox.waitFor(email, VERIFY_SUBJECT));
    expect(resent).not.toBe(squattersCode); // a fresh code (a match of 6 random digits: once in a million)
    expect((await squatter.post('/api/auth/verify-email', { email, code: squattersCode })).status).toBe(400);
    expect(await squatter.post('/api/auth/login', { email, password: 'squatter password' })).toMatchObject({ status: 401 });

    expect((await owner.post('/api/auth/verify-email', { email, code: resent })).status).toBe(200);
    expect(await passwordHashOf()).not.toBeNull();
    expect((await newClient().post('/api/auth/login', { email, password: 'owner password' })).status).toBe(200);
    expect((await newClient().post('/api/auth/login', { email, password: 'squatter password' })).status).toBe(401);
  });

  it('refuses sign-ups from disposable email domains with a clear 400, creating nothing', async () => {
    const refused = await newClient().post('/api/auth/signup', { email: 'burner@mailinator.com', password: 'correct horse battery' });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'Please sign up with a permanent email address: disposable email addresses are not accepted.' },
    });
    const [{ count }] = await system.services.auth!.infra.dataSource.query(
      `SELECT count(*)::int AS count FROM auth.users WHERE email = 'burner@mailinator.com'`,
    );
    expect(count).toBe(0);
  });

  it('answers resend-verification the same for unknown, unverified and verified emails', async () => {
    await newClient().post('/api/auth/signup', { email: 'resend-pending@example.com', password: 'correct horse battery' });
    await createSignedInUser(system, 'resend-verified@example.com', { inbox, client: newClient() });
    const replies = [];
    for (const email of ['nobody-here@example.com', 'resend-pending@example.com', 'resend-verified@example.com']) {
      const { status, body } = await newClient().post('/api/auth/resend-verification', { email });
      replies.push({ status, body });
    }
    expect(replies).toEqual(Array(3).fill({ status: 200, body: { message: 'A new verification code has been sent to your email.' } }));
  });

  it('resends a verification code on request', async () => {
    const client = newClient();
    await client.post('/api/auth/signup', { email: 'resend@example.com', password: 'correct horse battery' });
    await inbox.waitFor('resend@example.com', VERIFY_SUBJECT);
    const resend = await client.post('/api/auth/resend-verification', { email: 'resend@example.com' });
    expect(resend).toMatchObject({ status: 200, body: { message: 'A new verification code has been sent to your email.' } });
    await waitFor(() => inbox.count('resend@example.com', VERIFY_SUBJECT) === 2);
    const code = codeFrom(await inbox.waitFor('resend@example.com', VERIFY_SUBJECT));
    expect((await client.post('/api/auth/verify-email', { email: 'resend@example.com', code })).status).toBe(200);
  });

  it('kills a code after 5 wrong tries, and refuses an expired one', async () => {
    const client = newClient();
    await client.post('/api/auth/signup', { email: 'guesser@example.com', password: 'correct horse battery' });
    const code = codeFrom(await inbox.waitFor('guesser@example.com', VERIFY_SUBJECT));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      expect(await client.post('/api/auth/verify-email', { email: 'guesser@example.com', code: wrong })).toMatchObject({
        status: 400,
        body: { error: 'Invalid or expired code. Please check the code or request a new one.' },
      });
    }
    expect(await client.post('/api/auth/verify-email', { email: 'guesser@example.com', code: wrong })).toMatchObject({
      status: 400,
      body: { error: 'Too many wrong attempts. Please request a new code.' },
    });
    expect(await client.post('/api/auth/verify-email', { email: 'guesser@example.com', code })).toMatchObject({
      status: 400,
      body: { error: 'Too many wrong attempts. Please request a new code.' },
    });

    await client.post('/api/auth/resend-verification', { email: 'guesser@example.com' });
    await waitFor(() => inbox.count('guesser@example.com', VERIFY_SUBJECT) === 2);
    const fresh = codeFrom(await inbox.waitFor('guesser@example.com', VERIFY_SUBJECT));
    await system.services.auth!.infra.dataSource.query(`UPDATE auth.codes SET expires_at = now() - interval '1 second'`);
    expect(await client.post('/api/auth/verify-email', { email: 'guesser@example.com', code: fresh })).toMatchObject({
      status: 400,
      body: { error: 'This code has expired. Please request a new one.' },
    });
  });

  it('logs in with the right password only, with one message for a wrong password or an unknown email', async () => {
    await createSignedInUser(system, 'login@example.com', { inbox, client: newClient() });
    const client = newClient();
    const wrong = await client.post('/api/auth/login', { email: 'login@example.com', password: 'wrong password' });
    const unknown = await client.post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await client.post('/api/auth/login', { email: 'LOGIN@example.com ', password: 'correct horse battery' })).status).toBe(200);
    expect((await client.get('/api/auth/me')).body).toMatchObject({ user: { email: 'login@example.com' } });
  });

  it('ends the session at once on logout', async () => {
    const { client } = await createSignedInUser(system, 'logout@example.com', { inbox, client: newClient() });
    const stolenCookie = client.cookieHeader;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const replay = newClient();
    replay.setCookie('pl_session', stolenCookie.replace('pl_session=', ''));
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps users apart: each session sees its own user only', async () => {
    const { client: alice } = await createSignedInUser(system, 'alice@example.com', { inbox, client: newClient() });
    const { client: bob } = await createSignedInUser(system, 'bob@example.com', { inbox, client: newClient() });
    expect((await alice.get('/api/auth/me')).body).toMatchObject({ user: { email: 'alice@example.com' } });
    expect((await bob.get('/api/auth/me')).body).toMatchObject({ user: { email: 'bob@example.com' } });
    const forged = newClient();
    forged.setCookie('pl_session', `${alice.cookieHeader.replace('pl_session=', '')}x`);
    expect((await forged.get('/api/auth/me')).status).toBe(401);
  });

  it('resets a password with a mailed code and ends every session; same answer for unknown emails', async () => {
    const { client: phone } = await createSignedInUser(system, 'forgetful@example.com', {
      inbox,
      client: newClient(),
      password: 'old password 1',
    });
    const laptop = newClient();
    await laptop.post('/api/auth/login', { email: 'forgetful@example.com', password: 'old password 1' });
    expect((await laptop.get('/api/auth/me')).status).toBe(200);

    const client = newClient();
    const known = await client.post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const unknown = await client.post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known).toEqual({ ...known, status: 200, body: { message: 'If an account exists for that email, we sent a reset code.' } });
    expect(unknown.body).toEqual(known.body);
    expect(unknown.status).toBe(known.status);

    const code = codeFrom(await inbox.waitFor('forgetful@example.com', RESET_SUBJECT));
    expect(await client.post('/api/auth/reset-password', { email: 'forgetful@example.com', code, newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 8 characters.' },
    });
    expect(
      await client.post('/api/auth/reset-password', { email: 'forgetful@example.com', code: '12345', newPassword: 'new password 2' }),
    ).toMatchObject({ status: 400 });
    const reset = await client.post('/api/auth/reset-password', { email: 'forgetful@example.com', code, newPassword: 'new password 2' });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Your password has been reset successfully. Please log in.' } });

    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await client.post('/api/auth/login', { email: 'forgetful@example.com', password: 'old password 1' })).status).toBe(401);
    expect((await client.post('/api/auth/login', { email: 'forgetful@example.com', password: 'new password 2' })).status).toBe(200);
    expect(
      (await client.post('/api/auth/reset-password', { email: 'forgetful@example.com', code, newPassword: 'new password 3' })).status,
    ).toBe(400);
  });

  it('answers every bad input of the spec with a 4xx and a message', async () => {
    const client = newClient();
    const cases: Array<[string, unknown, string]> = [
      ['/api/auth/signup', { email: 'not-an-email', password: 'long enough pw' }, 'Please enter a valid email address'],
      ['/api/auth/signup', { email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters.'],
      ['/api/auth/signup', { password: 'long enough pw' }, 'Email is required'],
      ['/api/auth/login', { email: 'a@b.co' }, 'Password is required'],
      ['/api/auth/verify-email', { email: 'a@b.co', code: '12a456' }, 'Please enter a 6-digit code.'],
      ['/api/auth/verify-email', { email: 'a@b.co', code: '1234567' }, 'Please enter a 6-digit code.'],
      ['/api/auth/resend-verification', {}, 'Email is required'],
      ['/api/auth/reset-password', { email: 'a@b.co', code: '123456' }, 'Password is required'],
    ];
    for (const [path, body, error] of cases) {
      const response = await client.post(path, body);
      expect({ path, status: response.status, error: response.body.error }).toEqual({ path, status: 400, error });
    }
  });

  it('rate-limits sign-ups per IP', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await client.post('/api/auth/signup', { email: `bulk${i}@example.com`, password: 'correct horse battery' })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('takes the client address from the trusted hop only: a forged X-Forwarded-For does not reset a per-IP limit', async () => {
    // As nginx forwards it: whatever the client sent, then the address nginx saw (TRUST_PROXY=1).
    const viaProxy = (forged: string) => ({ 'x-forwarded-for': `${forged}, 198.51.100.77` });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await new TestClient(system.baseUrl).post(
        '/api/auth/signup',
        { email: `forger${i}@example.com`, password: 'correct horse battery' },
        viaProxy(`10.9.8.${i}`),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('meters support messages per IP and per email with a 429 and a clear message', async () => {
    const message = (email: string) => ({ type: 'support', email, subject: 'Help', message: 'Where is my ZIP?' });
    const limited = { status: 429, body: { error: 'Too many messages. Please wait a few minutes and try again.' } };
    const sameEmail: number[] = [];
    for (let i = 0; i < 5; i += 1) sameEmail.push((await newClient().post('/api/support', message('flood@example.com'))).status);
    expect(sameEmail).toEqual([200, 200, 200, 200, 200]);
    expect(await newClient().post('/api/support', message('flood@example.com'))).toMatchObject(limited);

    const sameIp = newClient();
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 10; i += 1) fromOneAddress.push((await sameIp.post('/api/support', message(`sender${i}@example.com`))).status);
    expect(fromOneAddress.every((status) => status === 200)).toBe(true);
    expect(await sameIp.post('/api/support', message('fresh@example.com'))).toMatchObject(limited);
    const [{ count }] = await system.services.notifications!.infra.dataSource.query(
      `SELECT count(*)::int AS count FROM notifications.support_messages WHERE email IN ('flood@example.com', 'fresh@example.com')`,
    );
    expect(count).toBe(5);
  });

  it('stores and mails support messages, and requires every field', async () => {
    const client = newClient();
    const sent = await client.post('/api/support', {
      type: 'feedback',
      email: 'fan@example.com',
      subject: 'Love it',
      message: 'The retro badges are great',
    });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await inbox.waitFor('help@printloom.test', /\[feedback\] Love it/);
    expect(mail.text).toContain('The retro badges are great');
    expect(mail.text).toContain('fan@example.com');
    const missing = await client.post('/api/support', { type: 'support', email: 'fan@example.com', subject: '', message: 'x' });
    expect(missing).toMatchObject({ status: 400, body: { error: 'Subject is required' } });
    const badType = await client.post('/api/support', { type: 'complaint', email: 'fan@example.com', subject: 'x', message: 'x' });
    expect(badType).toMatchObject({ status: 400, body: { error: 'type must be support, feedback or feature' } });
  });
});
