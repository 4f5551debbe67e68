import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient, type HttpResult } from './support/http.js';
import { SmtpInbox, VERIFY_SUBJECT, codeFrom } from './support/smtp-inbox.js';
import { createSignedInUser } from './support/sessions.js';

const SET_PASSWORD_SUBJECT = /password reset code: \d{6}$/;
const SIGNUP_ATTEMPT_SUBJECT = /^Someone tried to create a Printloom account with your address$/;
const PENDING_SIGNUP_COOKIE = 'pl_pending_signup';
// auth's RATE_LIMITS: failed logins per (email, address) in 15 minutes, per email a day; sign-ups per email an hour.
const FAILURES_PER_PAIR = 10;
const FAILURES_PER_EMAIL_A_DAY = 100;
const SIGNUPS_PER_EMAIL = 5;
// auth answers sign-up, resend and forgot-password no sooner than this (ms).
const CODE_SEND_FLOOR_MS = 400;

describe('nothing to take over: sign-ups, verification and login limits (real PostgreSQL, NATS and SMTP)', () => {
  let system: TestSystem;
  let inbox: SmtpInbox;
  let ipCounter = 0;

  /** A browser of its own (cookie jar) from an address of its own. */
  class Browser extends TestClient {
    readonly ip: string;
    constructor(baseUrl: string) {
      super(baseUrl);
      ipCounter += 1;
      this.ip = `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
    }
    override request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      return super.request<T>(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
    }
  }
  const newBrowser = () => new Browser(system.baseUrl);
  const login = (browser: TestClient, email: string, password: string) => browser.post('/api/auth/login', { email, password });
  const pendingCookieOf = (response: HttpResult) =>
    response.headers.getSetCookie().find((line) => line.startsWith(`${PENDING_SIGNUP_COOKIE}=`));

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'notifications'],
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '200', TRUST_PROXY: '1' },
    });
  });

  afterAll(async () => {
    await system?.close();
    await inbox?.stop();
  });

  it("gives the owner, not a stranger, the account: the owner enters the newest code (the stranger's) and ends signed in without the stranger's password", async () => {
    const email = 'owner@example.com';
    const owner = newBrowser();
    const ownerSignup = await owner.post('/api/auth/signup', { email, password: 'owner password' });
    expect(ownerSignup.status).toBe(200);
    await inbox.waitFor(email, VERIFY_SUBJECT);

    const stranger = newBrowser();
    expect((await stranger.post('/api/auth/signup', { email, password: 'stranger password' })).status).toBe(200);
    await waitFor(() => inbox.count(email, VERIFY_SUBJECT) === 2, { what: "the stranger's sign-up code in the owner's inbox" });
    const newest = codeFrom(await inbox.waitFor(email, VERIFY_SUBJECT));

    const verified = await owner.post('/api/auth/verify-email', { email, code: newest });
    expect(verified.status).toBe(200);
    expect(await owner.get('/api/auth/me')).toMatchObject({ status: 200, body: { user: { email, hasPassword: false } } });

    expect(await login(newBrowser(), email, 'stranger password')).toMatchObject({ status: 401 });
    expect(await login(stranger, email, 'stranger password')).toMatchObject({ status: 401 });
    // Nor the owner's first password: only the browser whose sign-up the code belongs to may set one.
    expect(await login(newBrowser(), email, 'owner password')).toMatchObject({ status: 401 });

    // The binding: an HttpOnly, SameSite=Lax cookie (not Secure: PUBLIC_URL is http here) on auth's paths only.
    const cookie = pendingCookieOf(ownerSignup);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth;/);
    expect(cookie).not.toMatch(/Secure/i);
    expect(pendingCookieOf(verified)).toMatch(/Expires=Thu, 01 Jan 1970/i); // the pending sign-up is over
  });

  it('sets the pending password when the code comes back to the browser that chose it, and not from another device', async () => {
    const email = 'two-devices@example.com';
    const laptop = newBrowser();
    await laptop.post('/api/auth/signup', { email, password: 'laptop password' });
    const code = codeFrom(await inbox.waitFor(email, VERIFY_SUBJECT));
    const phone = newBrowser();
    expect((await phone.post('/api/auth/verify-email', { email, code })).status).toBe(200);
    expect(await phone.get('/api/auth/me')).toMatchObject({ status: 200, body: { user: { hasPassword: false } } });
    expect(await login(newBrowser(), email, 'laptop password')).toMatchObject({ status: 401 });

    const same = 'same-browser@example.com';
    const browser = newBrowser();
    await browser.post('/api/auth/signup', { email: same, password: 'my own password' });
    const own = codeFrom(await inbox.waitFor(same, VERIFY_SUBJECT));
    expect((await browser.post('/api/auth/verify-email', { email: same, code: own })).status).toBe(200);
    expect(await login(newBrowser(), same, 'my own password')).toMatchObject({ status: 200 });
  });

  it('lets an account without a password set one from /account with a code mailed to its own address', async () => {
    const email = 'no-password@example.com';
    const signup = newBrowser();
    await signup.post('/api/auth/signup', { email, password: 'lost password' });
    const code = codeFrom(await inbox.waitFor(email, VERIFY_SUBJECT));
    const owner = newBrowser();
    expect((await owner.post('/api/auth/verify-email', { email, code })).status).toBe(200);

    expect(await newBrowser().post('/api/auth/password/code')).toMatchObject({ status: 401 });
    expect(await owner.post('/api/auth/password/code')).toMatchObject({
      status: 200,
      body: { message: 'We emailed you a code. Enter it with your new password.' },
    });
    const setCode = codeFrom(await inbox.waitFor(email, SET_PASSWORD_SUBJECT));
    const wrong = setCode === '000000' ? '000001' : '000000';
    expect(await owner.post('/api/auth/password', { code: wrong, newPassword: 'a brand new password' })).toMatchObject({ status: 400 });
    expect(await owner.post('/api/auth/password', { code: setCode, newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 8 characters.' },
    });
    expect(await owner.post('/api/auth/password', { code: setCode, newPassword: 'a brand new password' })).toMatchObject({
      status: 200,
      body: { message: 'Your password is set. You can now sign in with it.' },
    });
    expect(await owner.get('/api/auth/me')).toMatchObject({ status: 200, body: { user: { hasPassword: true } } });
    expect(await login(newBrowser(), email, 'a brand new password')).toMatchObject({ status: 200 });
    // The code is spent, and an account with a password changes it through reset (which ends every session).
    expect(await owner.post('/api/auth/password/code')).toMatchObject({ status: 409 });
    expect(await owner.post('/api/auth/password', { code: setCode, newPassword: 'yet another password' })).toMatchObject({ status: 409 });
  });

  it('meters sign-ups per email on their own: a stranger cannot mail-bomb an address, nor use up its owner’s resends', async () => {
    const email = 'bombed@example.com';
    const statuses: number[] = [];
    for (let i = 0; i <= SIGNUPS_PER_EMAIL; i += 1)
      statuses.push((await newBrowser().post('/api/auth/signup', { email, password: `stranger password ${i}` })).status);
    expect(statuses).toEqual([...Array(SIGNUPS_PER_EMAIL).fill(200), 429]);
    await waitFor(() => inbox.count(email, VERIFY_SUBJECT) === SIGNUPS_PER_EMAIL, { what: 'the codes of the allowed sign-ups' });

    expect((await newBrowser().post('/api/auth/resend-verification', { email })).status).toBe(200);
    await waitFor(() => inbox.count(email, VERIFY_SUBJECT) === SIGNUPS_PER_EMAIL + 1, { what: "the owner's resent code" });
    const owner = newBrowser();
    expect((await owner.post('/api/auth/verify-email', { email, code: codeFrom(await inbox.waitFor(email, VERIFY_SUBJECT)) })).status).toBe(
      200,
    );
  });

  it('answers a sign-up for a verified address like a new one (status, fields, timing) and mails the owner a note, never a code', async () => {
    const email = 'taken@example.com';
    const { userId } = await createSignedInUser(system, email, { inbox, client: newBrowser() });
    const codesBefore = inbox.count(email, VERIFY_SUBJECT);

    const timed = async (address: string) => {
      const started = performance.now();
      const response = await newBrowser().post<{ user: { id: string } }>('/api/auth/signup', {
        email: address,
        password: 'another password',
      });
      return { response, ms: performance.now() - started };
    };
    const existing = await timed(email);
    const fresh = await timed('fresh-address@example.com');
    const shape = ({ response }: { response: HttpResult<{ user: { id: string } }> }) => ({
      status: response.status,
      body: response.body,
      pendingCookie: /^pl_pending_signup=[^;]+; Path=\/api\/auth; Expires=[^;]+; HttpOnly; SameSite=Lax$/.test(
        pendingCookieOf(response) ?? '',
      ),
    });
    const expected = {
      status: 200,
      body: { requiresVerification: true, user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } },
      pendingCookie: true,
    };
    expect(shape(existing)).toEqual(expected);
    expect(shape(fresh)).toEqual(expected);
    expect(Object.keys(existing.response.body)).toEqual(Object.keys(fresh.response.body));
    expect(existing.ms).toBeGreaterThanOrEqual(CODE_SEND_FLOOR_MS - 5);
    expect(fresh.ms).toBeGreaterThanOrEqual(CODE_SEND_FLOOR_MS - 5);

    // The id of the existing address's answer is its pseudonym, stored nowhere.
    expect(existing.response.body.user.id).not.toBe(userId);
    const [{ count }] = await system.services.auth!.infra.dataSource.query(`SELECT count(*)::int AS count FROM auth.users WHERE id = $1`, [
      existing.response.body.user.id,
    ]);
    expect(count).toBe(0);

    const note = await inbox.waitFor(email, SIGNUP_ATTEMPT_SUBJECT);
    expect(note.text).toContain('Someone tried to create a Printloom account with this email address');
    expect(note.text).toContain('If it was you, sign in or reset your password');
    expect(`${note.subject}\n${note.text}`).not.toMatch(/\b\d{6}\b/);
    // The fresh address got its code (sent after the note): by now a code to the owner would have arrived too.
    await inbox.waitFor('fresh-address@example.com', VERIFY_SUBJECT);
    expect(inbox.count(email, VERIFY_SUBJECT)).toBe(codesBefore);
    expect(await login(newBrowser(), email, 'correct horse battery')).toMatchObject({ status: 200 });
    expect(await login(newBrowser(), email, 'another password')).toMatchObject({ status: 401 });
  });

  it("does not let a stranger's failed logins from their address lock the owner out from theirs; the pair limit holds", async () => {
    const email = 'target@example.com';
    await createSignedInUser(system, email, { inbox, client: newBrowser() });
    const stranger = newBrowser();
    const statuses: number[] = [];
    for (let i = 0; i <= FAILURES_PER_PAIR; i += 1) statuses.push((await login(stranger, email, `guess ${i}`)).status);
    expect(statuses).toEqual([...Array(FAILURES_PER_PAIR).fill(401), 429]);
    // The pair is locked, whatever password it tries now.
    expect(await login(stranger, email, 'correct horse battery')).toMatchObject({
      status: 429,
      body: { error: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' },
    });

    const owner = newBrowser();
    expect(await login(owner, email, 'correct horse battery')).toMatchObject({ status: 200 });
    // Right passwords count toward nothing: the owner signs in again and again from one address.
    for (let i = 0; i < FAILURES_PER_PAIR + 2; i += 1)
      expect(await login(owner, email, 'correct horse battery')).toMatchObject({ status: 200 });
  });

  it('holds a daily ceiling of failed logins per email, whatever addresses they come from', async () => {
    const email = 'ceiling@example.com';
    await createSignedInUser(system, email, { inbox, client: newBrowser() });
    const statuses: number[] = [];
    for (let address = 0; address < FAILURES_PER_EMAIL_A_DAY / FAILURES_PER_PAIR; address += 1) {
      const attacker = newBrowser();
      for (let i = 0; i < FAILURES_PER_PAIR; i += 1) statuses.push((await login(attacker, email, `guess ${address}-${i}`)).status);
    }
    expect(statuses).toEqual(Array(FAILURES_PER_EMAIL_A_DAY).fill(401));
    expect(await login(newBrowser(), email, 'one guess more')).toMatchObject({ status: 429 });
    expect(await login(newBrowser(), email, 'correct horse battery')).toMatchObject({ status: 429 });
  });

  it('answers every sign-up of an address with the same pseudonym, for a new address and a verified one alike, never a real id', async () => {
    const signupId = async (email: string) =>
      (await newBrowser().post<{ user: { id: string } }>('/api/auth/signup', { email, password: 'some password' })).body.user.id;
    const verified = 'pseudonym-verified@example.com';
    const { userId } = await createSignedInUser(system, verified, { inbox, client: newBrowser() });
    const [first, second] = [await signupId(verified), await signupId(verified)];
    expect(first).toBe(second);
    expect(first).not.toBe(userId);

    const fresh = 'pseudonym-fresh@example.com';
    const [freshFirst, freshSecond] = [await signupId(fresh), await signupId(` ${fresh.toUpperCase()}`)];
    expect(freshFirst).toBe(freshSecond);
    expect(freshFirst).not.toBe(first);
    const [account] = await system.services.auth!.infra.dataSource.query(`SELECT id FROM auth.users WHERE email = $1`, [fresh]);
    expect(freshFirst).not.toBe(account.id);
    const [{ count }] = await system.services.auth!.infra.dataSource.query(
      `SELECT count(*)::int AS count FROM auth.users WHERE id = ANY($1)`,
      [[first, freshFirst]],
    );
    expect(count).toBe(0);
  });

  it('answers a pending sign-up\'s password "verify" from its own browser only, for a verified address as for a new one; elsewhere it is a wrong password', async () => {
    const verified = 'attempted@example.com';
    await createSignedInUser(system, verified, { inbox, client: newBrowser() });
    const fresh = 'attempt-fresh@example.com';
    const wrongAnswer = (await login(newBrowser(), verified, 'certainly wrong')).body;
    const verify = { status: 403, body: { error: 'Please verify your email to continue.', code: 'FORBIDDEN', requiresVerification: true } };

    for (const email of [verified, fresh]) {
      const browser = newBrowser();
      expect((await browser.post('/api/auth/signup', { email, password: 'attempt password' })).status).toBe(200);
      expect(await login(browser, email, 'attempt password')).toMatchObject(verify);
      // Without that browser's cookie: exactly a wrong password.
      expect(await login(newBrowser(), email, 'attempt password')).toEqual(expect.objectContaining({ status: 401, body: wrongAnswer }));
      const cookieless = newBrowser();
      cookieless.setCookie('pl_pending_signup', 'a-token-of-another-browser');
      expect(await login(cookieless, email, 'attempt password')).toMatchObject({ status: 401, body: wrongAnswer });
    }
    await inbox.waitFor(verified, SIGNUP_ATTEMPT_SUBJECT);
    // The owner of the verified account still signs in with their own password, even from that browser.
    const attempter = newBrowser();
    await attempter.post('/api/auth/signup', { email: verified, password: 'attempt password' });
    expect(await login(attempter, verified, 'correct horse battery')).toMatchObject({ status: 200 });

    // The same limits as wrong passwords: a pending password tried from elsewhere fills the pair's limit.
    const guesser = newBrowser();
    const statuses: number[] = [];
    for (let i = 0; i <= FAILURES_PER_PAIR; i += 1) statuses.push((await login(guesser, fresh, 'attempt password')).status);
    expect(statuses).toEqual([...Array(FAILURES_PER_PAIR).fill(401), 429]);
  });
});
