import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, EVENTS, TRIAL, TRIAL_ALREADY_USED_MESSAGE, trialWithheldMessage } from '@printloom/contracts';
import { RpcClient, connectNats, publishEvent, type NatsConnection, type RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  startNatsServer,
  testServiceEnv,
  type TestDatabase,
  type TestNats,
  waitFor,
} from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../src/config.js';
import { startBillingService } from '../src/start.js';

describe('billing: one trial per person, not per account (real PostgreSQL and NATS)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let billing: RunningService;
  let nc: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)]));
    billing = await startBillingService(loadBillingConfig({ ...env, ACCOUNT_PURGE_INTERVAL_MS: '200' }));
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await billing?.close();
    await nats?.stop();
    await database?.drop();
  }, 30_000);

  const db = () => billing.infra.dataSource;
  /** Auth's announcement of a verified account; resolves once billing decided its trial. */
  async function verified(email: string, ip: string) {
    const userId = randomUUID();
    await publishEvent(nc, EVENTS.userVerified, { userId, email, ip, at: new Date().toISOString() }, `user-verified:${userId}`);
    await waitFor(async () => (await db().query(`SELECT 1 FROM billing.trial_decisions WHERE user_id = $1`, [userId])).length === 1, {
      what: `the trial decision of ${email}`,
    });
    const summary = await rpc.request(BILLING.accountSummary, { userId });
    return { userId, credits: summary.credits, notice: summary.trialNotice };
  }
  async function deleteAccount(userId: string, email: string) {
    const deletedAt = new Date();
    await publishEvent(
      nc,
      EVENTS.accountDeleted,
      { userId, email, deletedAt: deletedAt.toISOString(), purgeAfter: new Date(deletedAt.getTime() + 90 * 86400_000).toISOString() },
      `account-deleted:${userId}`,
    );
    await waitFor(async () => (await db().query(`SELECT 1 FROM billing.account_purges WHERE user_id = $1`, [userId])).length === 1, {
      what: 'the deletion recorded',
    });
    // The retention passed: the purge runs.
    await db().query(`UPDATE billing.account_purges SET purge_after = now() WHERE user_id = $1`, [userId]);
    await waitFor(async () => (await db().query(`SELECT 1 FROM billing.account_purges WHERE user_id = $1`, [userId])).length === 0, {
      what: 'the purge',
    });
  }

  it('a person who deleted their account and signs up again, with any alias of the same inbox, starts at 0 with the notice', async () => {
    const first = await verified('Jane.Doe@gmail.com', '192.0.2.10');
    expect(first).toEqual({ userId: first.userId, credits: TRIAL.credits, notice: undefined });
    await deleteAccount(first.userId, 'jane.doe@gmail.com');
    // What survives the purge: the keyed hash, never the address.
    expect(await db().query(`SELECT email FROM billing.accounts WHERE user_id = $1`, [first.userId])).toEqual([]);
    const kept: Array<{ email_hash: string }> = await db().query(`SELECT email_hash FROM billing.trial_identities WHERE user_id = $1`, [
      first.userId,
    ]);
    expect(kept).toEqual([{ email_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    const aliases = ['jane.doe@gmail.com', 'JaneDoe+again@gmail.com', 'j.a.n.e.d.o.e@googlemail.com', 'jane.doe+2@GMAIL.com'];
    for (const [index, email] of aliases.entries()) {
      // Each from another network too: the per-address limit is not what stops them.
      const again = await verified(email, `198.51.100.${index + 1}`);
      expect({ email, credits: again.credits, notice: again.notice }).toEqual({ email, credits: 0, notice: TRIAL_ALREADY_USED_MESSAGE });
    }
  });

  it('another person still gets the 10 credits, even one whose address differs only by dots outside Gmail', async () => {
    expect(await verified('jane.doe@example.com', '203.0.113.20')).toMatchObject({ credits: TRIAL.credits, notice: undefined });
    expect(await verified('janedoe@example.com', '203.0.113.21')).toMatchObject({ credits: TRIAL.credits, notice: undefined });
    expect(await verified('someone.else@gmail.com', '203.0.113.22')).toMatchObject({ credits: TRIAL.credits, notice: undefined });
  });

  it('counts the trials of a network per IPv6 /64: rotating addresses within it get the per-address notice', async () => {
    const results = [];
    for (let i = 1; i <= TRIAL.grantsPerIpPerDay + 1; i += 1)
      results.push(await verified(`rotator${i}@example.com`, `2001:db8:42:7::${i.toString(16)}`));
    expect(results.map((result) => result.credits)).toEqual([...new Array(TRIAL.grantsPerIpPerDay).fill(TRIAL.credits), 0]);
    expect(results.at(-1)!.notice).toBe(trialWithheldMessage(TRIAL.grantsPerIpPerDay));
    // The next /64 is another network.
    expect(await verified('neighbour@example.com', '2001:db8:42:8::1')).toMatchObject({ credits: TRIAL.credits });
  });
});
