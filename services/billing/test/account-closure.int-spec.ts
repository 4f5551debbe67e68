import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@printloom/contracts';
import { connectNats, publishEvent, type NatsConnection, type RunningService } from '@printloom/service-kit';
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

describe('billing: a deleted account stops paying at once (real PostgreSQL, NATS, and a Stripe stand-in)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let billing: RunningService;
  let nc: NatsConnection;
  let stripe: Server;
  const cancelled: string[] = [];

  beforeAll(async () => {
    // Answers the one call under test the way Stripe does: DELETE /v1/subscriptions/{id}.
    stripe = createServer((req, res) => {
      const match = /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.method === 'DELETE' && match) {
        cancelled.push(match[1]);
        res.end(JSON.stringify({ id: match[1], object: 'subscription', status: 'canceled' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such resource' } }));
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)]));
    billing = await startBillingService(
      loadBillingConfig({
        ...env,
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_API_BASE: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`,
        ACCOUNT_PURGE_INTERVAL_MS: '200',
      }),
    );
    nc = await connectNats(nats.url, 'test');
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await billing?.close();
    await nats?.stop();
    await database?.drop();
    await new Promise((resolve) => stripe?.close(resolve));
  }, 30_000);

  it('cancels the Stripe subscription when the account is deleted, and purges checkout data after the retention, keeping the ledger', async () => {
    const userId = randomUUID();
    const db = billing.infra.dataSource;
    await db.query(
      `INSERT INTO billing.subscriptions (user_id, plan_id, status, current_period_start, current_period_end, stripe_customer_id, stripe_subscription_id)
       VALUES ($1, 'starter', 'active', now() - interval '3 days', now() + interval '27 days', 'cus_leaver', 'sub_leaver')`,
      [userId],
    );
    await db.query(`INSERT INTO billing.customers (user_id, stripe_customer_id) VALUES ($1, 'cus_leaver')`, [userId]);
    await db.query(
      `INSERT INTO billing.checkout_sessions (user_id, kind, item_id, status) VALUES ($1, 'subscription', 'starter', 'paid')`,
      [userId],
    );
    await db.query(`INSERT INTO billing.ledger_entries (user_id, kind, delta) VALUES ($1, 'grant', 10)`, [userId]);

    const deletedAt = new Date();
    const event = {
      userId,
      email: 'leaver@example.com',
      deletedAt: deletedAt.toISOString(),
      purgeAfter: new Date(deletedAt.getTime() + 90 * 86400_000).toISOString(),
    };
    await publishEvent(nc, EVENTS.accountDeleted, event, `account-deleted:${userId}`);
    await publishEvent(nc, EVENTS.accountDeleted, event, `account-deleted-replay:${userId}`); // a redelivery changes nothing
    await waitFor(
      async () => (await db.query(`SELECT status FROM billing.subscriptions WHERE user_id = $1`, [userId]))[0].status === 'canceled',
    );
    expect(cancelled).toContain('sub_leaver');
    expect((await db.query(`SELECT count(*)::int AS n FROM billing.checkout_sessions WHERE user_id = $1`, [userId]))[0].n).toBe(1); // kept until the retention

    await db.query(`UPDATE billing.account_purges SET purge_after = now() WHERE user_id = $1`, [userId]);
    await waitFor(
      async () => (await db.query(`SELECT count(*)::int AS n FROM billing.account_purges WHERE user_id = $1`, [userId]))[0].n === 0,
    );
    expect((await db.query(`SELECT count(*)::int AS n FROM billing.checkout_sessions WHERE user_id = $1`, [userId]))[0].n).toBe(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM billing.customers WHERE user_id = $1`, [userId]))[0].n).toBe(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM billing.ledger_entries WHERE user_id = $1`, [userId]))[0].n).toBeGreaterThan(0);
  });
});
