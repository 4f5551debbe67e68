import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';
import { SmtpInbox, codeFrom } from './support/smtp-inbox.js';

type GoogleProfile = { sub: string; email: string; email_verified: boolean };

/**
 * A stand-in for Google's OAuth endpoints speaking the same protocol: authorize, token, userinfo. Like
 * Google it holds each code to the PKCE challenge it was issued for (S256) and refuses a token
 * exchange without the matching verifier.
 */
function startStandInGoogle(initialProfile: GoogleProfile) {
  const issued = new Map<string, true>();
  const challenges = new Map<string, string>();
  let profile = initialProfile;
  let codes = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri')!);
      codes += 1;
      const code = `auth-code-${codes}`;
      if (url.searchParams.get('code_challenge_method') === 'S256') challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: redirect.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        const code = params.get('code') ?? '';
        const challenge = challenges.get(code);
        const verifier = params.get('code_verifier') ?? '';
        const pkceOk = challenge !== undefined && createHash('sha256').update(verifier).digest('base64url') === challenge;
        if (!challenge || !pkceOk || params.get('client_id') !== 'client-1') {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        challenges.delete(code);
        issued.set('access-1', true);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600 }));
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace('Bearer ', '') || url.searchParams.get('access_token') || '';
      if (!issued.has(token)) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...profile, name: 'Gia Seller' }));
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise<{ url: string; close: () => Promise<void>; signInAs: (next: GoogleProfile) => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
        signInAs: (next) => (profile = next),
      }),
    ),
  );
}

describe('Google sign-in against a stand-in OAuth server', () => {
  let system: TestSystem;
  let google: Awaited<ReturnType<typeof startStandInGoogle>>;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    google = await startStandInGoogle({ sub: 'google-123', email: 'Gia@Example.com', email_verified: true });
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'notifications'],
      env: {
        SMTP_URL: smtpUrl,
        MAIL_POLL_MS: '100',
        GOOGLE_CLIENT_ID: 'client-1',
        GOOGLE_CLIENT_SECRET: 'secret-1',
        GOOGLE_AUTH_URL: `${google.url}/authorize`,
        GOOGLE_TOKEN_URL: `${google.url}/token`,
        GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
      },
    });
  });

  afterAll(async () => {
    await system?.close();
    await google?.close();
    await inbox?.stop();
  });

  /** Follows the browser's redirects by hand, keeping cookies, until it lands back on the app. */
  async function signInWithGoogle(client: TestClient) {
    const start = await client.get('/api/auth/google');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(google.url);
    expect(authorize.searchParams.get('client_id')).toBe('client-1');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    return client.get(`${callback.pathname}${callback.search}`);
  }

  it('creates a verified account with a session and lands on /generate', async () => {
    const client = new TestClient(system.baseUrl);
    const landed = await signInWithGoogle(client);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/generate?google_signup=1'); // the app reports the sign-up
    const me = await client.get('/api/auth/me');
    expect(me).toMatchObject({ status: 200, body: { user: { email: 'gia@example.com', hasGoogleAuth: true, hasPassword: false } } });
  });

  it('counts a Google sign-in as the recent proof leaving needs (a Google-only account has no password to type)', async () => {
    const client = new TestClient(system.baseUrl);
    await signInWithGoogle(client);
    const me = await client.get<{ confirmedUntil: string | null }>('/api/auth/me');
    expect(Date.parse(me.body.confirmedUntil!) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await client.post('/api/auth/confirm-password', { password: 'anything' })).toMatchObject({ status: 400 });
    expect(await client.post('/api/auth/confirmation-code')).toMatchObject({ status: 400 });
  });

  it('signs the same Google account into the same user again', async () => {
    const first = new TestClient(system.baseUrl);
    await signInWithGoogle(first);
    const second = new TestClient(system.baseUrl);
    await signInWithGoogle(second);
    const [firstMe, secondMe] = [await first.get('/api/auth/me'), await second.get('/api/auth/me')];
    expect(firstMe.status).toBe(200);
    expect(secondMe.body.user).toEqual(firstMe.body.user);
  });

  it('refuses a callback this browser did not start (state mismatch)', async () => {
    const client = new TestClient(system.baseUrl);
    const response = await client.get('/api/auth/google/callback?code=auth-code-1&state=forged');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/auth\?error=/);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('uses PKCE: a code taken from the redirect cannot be exchanged by a browser that did not start the sign-in', async () => {
    const victim = new TestClient(system.baseUrl);
    const start = await victim.get('/api/auth/google');
    const consent = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    // The attacker replays the code with a state cookie of their own (their own sign-in's verifier).
    const attacker = new TestClient(system.baseUrl);
    const own = await attacker.get('/api/auth/google');
    const ownState = new URL(own.headers.get('location')!).searchParams.get('state')!;
    const replayed = await attacker.get(`/api/auth/google/callback?code=${callback.searchParams.get('code')}&state=${ownState}`);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get('location')).toMatch(/^\/auth\?error=/);
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
  });

  it('takes the password away from an unverified account Google signs into: a squatter cannot keep it', async () => {
    const email = 'owner@example.com';
    const squatter = new TestClient(system.baseUrl);
    expect((await squatter.post('/api/auth/signup', { email, password: 'squatter password' })).status).toBe(200);
    const squattersCode = codeFrom(await inbox.waitFor(email, /^Your Printloom code: \d{6}$/));

    google.signInAs({ sub: 'google-owner', email, email_verified: true });
    const owner = new TestClient(system.baseUrl);
    expect((await signInWithGoogle(owner)).headers.get('location')).toBe('/generate');
    expect((await owner.get('/api/auth/me')).body).toMatchObject({ user: { email, hasGoogleAuth: true, hasPassword: false } });

    expect((await squatter.post('/api/auth/login', { email, password: 'squatter password' })).status).toBe(401);
    // The sign-up's pending code died with it: it can no longer set the squatter's password.
    expect((await squatter.post('/api/auth/verify-email', { email, code: squattersCode })).status).toBe(400);
    expect((await squatter.post('/api/auth/login', { email, password: 'squatter password' })).status).toBe(401);
    expect((await owner.get('/api/auth/me')).body).toMatchObject({ user: { hasPassword: false } });
    google.signInAs({ sub: 'google-123', email: 'Gia@Example.com', email_verified: true });
  });

  it('links Google to an existing account with the same email', async () => {
    const db = system.services.auth!.infra.dataSource;
    await db.query(`UPDATE auth.users SET google_id = NULL, password_hash = 'x' WHERE email = 'gia@example.com'`);
    const client = new TestClient(system.baseUrl);
    await signInWithGoogle(client);
    expect((await client.get('/api/auth/me')).body).toMatchObject({
      user: { email: 'gia@example.com', hasGoogleAuth: true, hasPassword: true },
    });
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM auth.users WHERE email = 'gia@example.com'`);
    expect(count).toBe(1);
  });
});

describe('Google sign-in without configuration', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth'] });
  });

  afterAll(async () => {
    await system?.close();
  });

  it('sends the browser back to /auth with an error the page shows', async () => {
    const response = await new TestClient(system.baseUrl).get('/api/auth/google');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, 'http://app');
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBe('Google sign-in is not available on this server. Please use your email and password.');
  });
});
