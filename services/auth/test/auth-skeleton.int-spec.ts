import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, AUTH, RPC_CONTRACTS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { loadAuthConfig } from '../src/config.js';
import { startAuthService } from '../src/start.js';
import { authDatabase } from '../src/database/database-options.js';
import { hashPassword } from '../src/domain/passwords.js';
import { signupPseudonym } from '../src/domain/signup-pseudonym.js';

describe('auth service skeleton (real NATS and PostgreSQL)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let first: RunningService;
  let second: RunningService;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let config: ReturnType<typeof loadAuthConfig>;

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    config = loadAuthConfig(Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])));
    // Two instances start together: the advisory lock makes them migrate once.
    [first, second] = await Promise.all([startAuthService(config), startAuthService(config)]);
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 3000);
  });

  afterAll(async () => {
    await nc?.drain();
    await first?.close();
    await second?.close();
    await nats?.stop();
    await database?.drop();
  });

  it('ran its migrations into its own schema', async () => {
    const rows = await first.infra.dataSource.query(`SELECT name FROM auth.migrations ORDER BY id`);
    const declared = (authDatabase.migrations as Array<new () => { name: string }>).map((Migration) => ({ name: new Migration().name }));
    expect(declared.slice(0, 3)).toEqual([
      { name: 'Initial1763800000000' },
      { name: 'CodesAndRateLimits1763800000001' },
      { name: 'PendingSignupPasswords1763800000013' },
    ]);
    expect(rows).toEqual(declared);
    const tables = await first.infra.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'auth' ORDER BY table_name`,
    );
    expect(tables.map((row: { table_name: string }) => row.table_name)).toEqual([
      'codes',
      'migrations',
      'rate_limits',
      'sessions',
      'users',
    ]);
  });

  it('answers an unknown session token with UNAUTHENTICATED', async () => {
    await expect(rpc.request(AUTH.sessionResolve, { token: 'no-such-token' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Not authenticated',
    });
  });

  it('rejects a payload that breaks the contract with BAD_REQUEST', async () => {
    await expect(rpc.requestRaw(AUTH.sessionResolve, { token: 42 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('serves every auth subject of the contracts registry', async () => {
    const subjects = Object.keys(RPC_CONTRACTS).filter((subject) => subject.startsWith('auth.'));
    expect(subjects.length).toBeGreaterThan(5);
    for (const subject of subjects) {
      const outcome = await rpc.requestRaw(subject, {}).then(
        () => 'answered',
        (error: unknown) => (error as AppError).code,
      );
      expect({ subject, outcome }).not.toMatchObject({
        outcome: expect.stringMatching(/^(UNAVAILABLE|TIMEOUT|NOT_IMPLEMENTED|INTERNAL)$/),
      });
    }
  });

  it('tells a missing service apart from a failing one', async () => {
    const error = await rpc.requestRaw('ghost.thing.get', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('UNAVAILABLE');
  });

  it('reports PostgreSQL and NATS in its health check and serves metrics', async () => {
    const health = await fetch(`http://127.0.0.1:${first.healthPort}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', service: 'auth', checks: { postgres: 'up', nats: 'up', background: 'up' } });
    const metrics = await (await fetch(`http://127.0.0.1:${first.healthPort}/metrics`)).text();
    expect(metrics).toContain('printloom_handler_duration_seconds');
  });

  it('keeps answering when one of two instances stops (queue group)', async () => {
    await second.close();
    for (let i = 0; i < 10; i += 1) {
      await expect(rpc.request(AUTH.sessionResolve, { token: `t${i}` })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it("keeps a sign-up for a verified address as a pending sign-up (its password's and browser's hashes), answering the address's pseudonym", async () => {
    const db = first.infra.dataSource;
    const email = 'verified-owner@example.com';
    const [owner] = await db.query(`INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, $2, now()) RETURNING id`, [
      email,
      await hashPassword('the owner password'),
    ]);
    const reply = await rpc.request(AUTH.signup, { email, password: 'an attempt password', ip: '203.0.113.50' });
    expect(reply.user.id).toBe(signupPseudonym(config.SESSION_SECRET, email));
    expect(reply.user.id).not.toBe(owner.id);
    const [attempt] = await db.query(
      `SELECT pending_password_hash, pending_signup_token_hash FROM auth.codes WHERE user_id = $1 AND purpose = 'signup-attempt'`,
      [owner.id],
    );
    expect(attempt.pending_password_hash).toMatch(/^\$argon2id\$/);
    expect(attempt.pending_signup_token_hash).toBe(createHash('sha256').update(reply.pendingSignup.token).digest('hex'));

    const login = (pendingSignupToken?: string) =>
      rpc.request(AUTH.login, { email, password: 'an attempt password', ip: '203.0.113.51', pendingSignupToken });
    await expect(login(reply.pendingSignup.token)).rejects.toMatchObject({ code: 'FORBIDDEN', details: { requiresVerification: true } });
    await expect(login()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(login('another-browser-token')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // Nothing verifies with it: the address's verification codes are untouched, and the owner's password stands.
    expect(await db.query(`SELECT 1 FROM auth.codes WHERE user_id = $1 AND purpose = 'verify-email'`, [owner.id])).toEqual([]);
    await expect(rpc.request(AUTH.login, { email, password: 'the owner password', ip: '203.0.113.52' })).resolves.toMatchObject({
      user: { id: owner.id },
    });
  });
});
