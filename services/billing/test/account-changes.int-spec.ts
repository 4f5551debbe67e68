import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, BROADCASTS, accountChangedBroadcast } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../src/config.js';
import { startBillingService } from '../src/start.js';
import { CreditsService } from '../src/credits.service.js';
import { SubscriptionsService } from '../src/subscriptions.service.js';
import { LedgerRepository } from '../src/repositories/ledger.repository.js';
import { PlanChangeService } from '../src/plan-change.service.js';

// Gateways cache each user's credits and plan; billing.account.changed is what keeps those caches true.
// Every change of what the summary shows announces its user, before the changing call returns.
describe('billing announces every account change (real PostgreSQL and NATS)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let billing: RunningService;
  let nc: NatsConnection;
  let rpc: RpcClient;
  const announced: string[] = [];

  /** The users announced while `work` ran: it has returned, so they must be there already. */
  async function announcedDuring(work: () => Promise<unknown>): Promise<string[]> {
    await nc.flush();
    announced.length = 0;
    await work();
    await nc.flush();
    return [...announced];
  }

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)]));
    billing = await startBillingService(loadBillingConfig({ ...env, BILLING_SWEEP_INTERVAL_MS: '3600000' }));
    nc = await connectNats(nats.url, 'test');
    nc.subscribe(BROADCASTS.accountChanged, {
      callback: (_error, msg) => {
        announced.push(accountChangedBroadcast.parse(msg.json()).userId);
      },
    });
    rpc = new RpcClient(nc, 5000);
  });

  afterAll(async () => {
    await nc?.drain();
    await billing?.close();
    await nats?.stop();
    await database?.drop();
  });

  it('on grants, charges, refunds, plan changes, cancellations and expiry; never on reads', async () => {
    const userId = randomUUID();
    const credits = billing.app.get(CreditsService);
    const subscriptions = billing.app.get(SubscriptionsService);
    expect(await announcedDuring(() => credits.grantTrial(userId))).toEqual([userId]);
    expect(await announcedDuring(() => credits.grantTopup(userId, `topup:${userId}`, 25))).toEqual([userId]);
    let reservationId = '';
    expect(
      await announcedDuring(
        async () =>
          ({ reservationId } = await rpc.request(BILLING.reserve, { userId, amount: 3, reason: 'generation', ref: `a:${userId}` })),
      ),
    ).toEqual([userId]);
    expect(await announcedDuring(() => rpc.request(BILLING.release, { reservationId }))).toEqual([userId]);
    expect(await announcedDuring(() => rpc.request(BILLING.accountSummary, { userId }))).toEqual([]);

    const periodStart = new Date();
    const periodEnd = new Date(periodStart.getTime() + 30 * 86_400_000);
    expect(await announcedDuring(() => subscriptions.startPeriod({ userId, planId: 'starter', periodStart, periodEnd }))).toEqual([userId]);
    const ledger = billing.app.get(LedgerRepository);
    const planChanges = billing.app.get(PlanChangeService);
    expect(
      await announcedDuring(() =>
        ledger.transaction((tx) => planChanges.applyPaidUpgrade({ userId, toPlanId: 'pro', ref: randomUUID() }, tx)),
      ),
    ).toEqual([userId]);
    expect(await announcedDuring(() => planChanges.downgrade(userId, 'creator'))).toEqual([userId]);
    expect(await announcedDuring(() => subscriptions.setCancelAtPeriodEnd(userId, true))).toEqual([userId]);
    expect(await announcedDuring(() => subscriptions.updateStatus(userId, 'past_due', true))).toEqual([userId]);

    await billing.infra.dataSource.query(
      `UPDATE billing.credit_lots SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND kind = 'topup'`,
      [userId],
    );
    expect(await announcedDuring(() => credits.sweep())).toEqual([userId]);
    expect(await announcedDuring(() => subscriptions.end(userId))).toEqual([userId]);
  });

  it('says in the summary when credits will expire by themselves', async () => {
    const userId = randomUUID();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await billing.infra.dataSource.query(
      `INSERT INTO billing.credit_lots (user_id, kind, source_ref, credits_granted, credits_remaining, expires_at) VALUES ($1, 'plan', $2, 5, 5, $3), ($1, 'topup', $4, 5, 5, NULL)`,
      [userId, `plan:${userId}`, expiresAt, `topup:${userId}`],
    );
    expect(await rpc.request(BILLING.accountSummary, { userId })).toMatchObject({ credits: 10, changesAt: expiresAt.toISOString() });
  });
});
