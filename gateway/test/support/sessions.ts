import { expect } from '@jest/globals';
import { EVENTS, SESSION_COOKIE } from '@printloom/contracts';
import { connectNats, publishEvent } from '@printloom/service-kit';
import { storeSignedInUser, waitFor } from '@printloom/service-kit/testing';
import type { TestSystem } from './test-system.js';
import { TestClient } from './http.js';
import { VERIFY_SUBJECT, codeFrom, type SmtpInbox } from './smtp-inbox.js';

export interface SignedInUser {
  /** A "browser" holding the user's session cookie. */
  client: TestClient;
  userId: string;
}

export interface SignedInUserOptions {
  /**
   * Sign up and verify through the API (`/api/auth/signup`, the code mailed to this inbox,
   * `/api/auth/verify-email`), as a seller does; needs auth and notifications. Without it the user is
   * stored the way auth stores a verified one, with a session: fast, for tests whose subject is not sign-up.
   */
  inbox?: SmtpInbox;
  /**
   * With `inbox`: the client that signs up (e.g. one with its own address) and the password. Without it:
   * the stored account's password (none by default). A stored session was signed in long ago: leaving
   * (export, deletion) first needs `POST /api/auth/confirm-password`; one signed in through the API is
   * recent.
   */
  client?: TestClient;
  password?: string;
  /**
   * Wait until billing granted the 10 trial credits (billing must run). A stored user's verification is
   * announced first, as auth announces it (`auth.user.verified` on the EVENTS stream).
   */
  trialCredits?: boolean;
}

/**
 * The one verified, signed-in user of the HTTP tests: returns the client (session cookie set) and the
 * user id. See the options for the two ways it is made and for the trial credits.
 */
export async function createSignedInUser(system: TestSystem, email: string, options: SignedInUserOptions = {}): Promise<SignedInUser> {
  const user = options.inbox
    ? await signUpThroughApi(system, email, options.inbox, options)
    : await storeVerifiedUser(system, email, options.password);
  if (options.trialCredits) {
    if (!options.inbox) await announceVerified(system, user.userId, email);
    await waitFor(async () => (await user.client.get<{ credits: number }>('/api/auth/me')).body.credits === 10, {
      what: `trial credits of ${email}`,
    });
  }
  return user;
}

async function signUpThroughApi(
  system: TestSystem,
  email: string,
  inbox: SmtpInbox,
  { client = new TestClient(system.baseUrl), password = 'correct horse battery' }: SignedInUserOptions,
): Promise<SignedInUser> {
  expect((await client.post('/api/auth/signup', { email, password })).status).toBe(200);
  const code = codeFrom(await inbox.waitFor(email, VERIFY_SUBJECT));
  // The verification answers the account's id (the sign-up, a pseudonym of the address).
  const verified = await client.post<{ user: { id: string } }>('/api/auth/verify-email', { email, code });
  expect(verified.status).toBe(200);
  return { client, userId: verified.body.user.id };
}

async function storeVerifiedUser(system: TestSystem, email: string, password?: string): Promise<SignedInUser> {
  const db = system.services.auth!.infra.dataSource;
  const passwordHash = password ? await hashedLikeAuth(password) : null;
  const { userId, token } = await storeSignedInUser((sql, values) => db.query(sql, values), { email, passwordHash });
  const client = new TestClient(system.baseUrl);
  client.setCookie(SESSION_COOKIE, token);
  return { client, userId };
}

async function announceVerified(system: TestSystem, userId: string, email: string): Promise<void> {
  const nc = await connectNats(system.nats.url, 'test-signed-in-user');
  try {
    await publishEvent(nc, EVENTS.userVerified, { userId, email, at: new Date().toISOString() }, `user-verified:${userId}`);
  } finally {
    await nc.close();
  }
}

/** The password hash auth itself stores (its own function, loaded as the test system loads the services). */
async function hashedLikeAuth(password: string): Promise<string> {
  const module = '../../../services/auth/src/domain/passwords.ts';
  const passwords = (await import(module)) as { hashPassword(password: string): Promise<string> };
  return passwords.hashPassword(password);
}
