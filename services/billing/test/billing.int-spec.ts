import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, BILLING, BROADCASTS, EVENTS } from '@printloom/contracts';
import { RpcClient, connectNats, publishEvent, type NatsConnection, type RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  startNatsServer,
  testServiceEnv,
  type TestDatabase,
  type TestNats,
  waitFor,
} from '@printloom/service-kit/testing';
import { loadBillingConfig, type BillingConfig } from '../src/config.js';
import { startBillingService } from '../src/start.js';
import { SubscriptionsService } from '../src/subscriptions.service.js';
import { CreditsService } from '../src/credits.service.js';
import { CheckoutService } from '../src/checkout.service.js';
import { cancelCommand, renewCommand } from '../src/operator/commands.js';
import { AccountChanges } from '../src/account-changes.js';

describe('billing: ledger, reservations, trial, periods (real PostgreSQL and NATS)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let billing: RunningService;
  let config: BillingConfig;
  let nc: NatsConnection;
  let rpc: RpcClient;

  const reserve = (userId: string, amount: number, ref: string = randomUUID()) =>
    rpc.request(BILLING.reserve, { userId: userId as ReturnType<typeof randomUUID>, amount, reason: 'generation', ref });
  const balance = async (userId: string) => (await rpc.request(BILLING.accountSummary, { userId })).credits;
  const ledgerSum = async (userId: string) => {
    const [row] = await billing.infra.dataSource.query(
      `SELECT coalesce(sum(delta), 0)::int AS total FROM billing.ledger_entries WHERE user_id = $1`,
      [userId],
    );
    return row.total as number;
  };
  const grantTopup = (userId: string, credits: number) =>
    billing.app.get(CreditsService).grantTopup(userId, `topup:${randomUUID()}`, credits);
  const grantTrial = (userId: string) => billing.app.get(CreditsService).grantTrial(userId);

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)]));
    config = loadBillingConfig({ ...env, RESERVATION_TIMEOUT_MS: '300', BILLING_SWEEP_INTERVAL_MS: '3600000' });
    billing = await startBillingService(config);
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 5000);
  });

  afterAll(async () => {
    await nc?.drain();
    await billing?.close();
    await nats?.stop();
    await database?.drop();
  });

  it('grants the 10 trial credits once per verified user, however often the event arrives', async () => {
    const userId = randomUUID();
    await publishEvent(nc, EVENTS.userVerified, { userId, email: 'a@b.co', at: new Date().toISOString() }, `first-${userId}`);
    await publishEvent(nc, EVENTS.userVerified, { userId, email: 'a@b.co', at: new Date().toISOString() }, `replay-${userId}`);
    await waitFor(async () => (await balance(userId)) === 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balance(userId)).toBe(10);
    expect(await ledgerSum(userId)).toBe(10);
    const [lot] = await billing.infra.dataSource.query(`SELECT expires_at FROM billing.credit_lots WHERE user_id = $1 AND kind = 'trial'`, [
      userId,
    ]);
    expect(lot.expires_at).toBeNull(); // 10 trial credits that never expire, unless TRIAL_CREDITS_DAYS is set
    expect(await rpc.request(BILLING.accountSummary, { userId })).toMatchObject({ trialCredits: 10, trialCreditsExpireAt: null });
    // An operator's TRIAL_CREDITS_DAYS gives the lot an expiry: the summary says when (shown on /account and /terms).
    const expiry = new Date(Date.now() + 7 * 86_400_000);
    await billing.infra.dataSource.query(`UPDATE billing.credit_lots SET expires_at = $2 WHERE user_id = $1 AND kind = 'trial'`, [
      userId,
      expiry,
    ]);
    expect(await rpc.request(BILLING.accountSummary, { userId })).toMatchObject({
      trialCredits: 10,
      trialCreditsExpireAt: expiry.toISOString(),
    });
    const entitlements = await rpc.request(BILLING.entitlements, { userId });
    expect(entitlements).toEqual({ planId: null, upscaleFactors: [], priorityTier: 0, commercialLicense: false });
  });

  it('grants trial credits to at most 3 new accounts per address per day; the others start with 0 and are told why', async () => {
    const summary = (userId: string) => rpc.request(BILLING.accountSummary, { userId });
    const verifyFrom = async (ip: string) => {
      const userId = randomUUID();
      await publishEvent(
        nc,
        EVENTS.userVerified,
        { userId, email: `${userId}@example.com`, at: new Date().toISOString(), ip },
        `verified-${userId}`,
      );
      await waitFor(
        async () =>
          (await billing.infra.dataSource.query(`SELECT 1 FROM billing.trial_decisions WHERE user_id = $1`, [userId])).length === 1,
      );
      return userId;
    };
    const farm = [];
    for (let i = 0; i < 5; i += 1) farm.push(await verifyFrom('192.0.2.66'));
    const credits = await Promise.all(farm.map(async (userId) => (await summary(userId)).credits));
    expect(credits).toEqual([10, 10, 10, 0, 0]);
    expect(await summary(farm[0])).not.toHaveProperty('trialNotice');
    expect(await summary(farm[4])).toMatchObject({
      credits: 0,
      trialNotice:
        'Free trial credits go to at most 3 new accounts per network each day, so this account starts with 0 credits. Choose a plan or a top-up pack to start creating.',
    });
    // A replayed verification (e.g. on a later sign-in from elsewhere) does not change the decision.
    await publishEvent(
      nc,
      EVENTS.userVerified,
      { userId: farm[4], email: 'x@example.com', at: new Date().toISOString(), ip: '203.0.113.9' },
      `replay-${farm[4]}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await summary(farm[4])).credits).toBe(0);
    // Another address is not affected.
    expect((await summary(await verifyFrom('192.0.2.67'))).credits).toBe(10);
  });

  it('spends credits that expire before top-up credits', async () => {
    const userId = randomUUID();
    await grantTopup(userId, 25);
    await grantTrial(userId);
    await reserve(userId, 11);
    const lots = await billing.infra.dataSource.query(
      `SELECT kind, credits_remaining FROM billing.credit_lots WHERE user_id = $1 ORDER BY kind`,
      [userId],
    );
    expect(lots).toEqual([
      { kind: 'topup', credits_remaining: 24 },
      { kind: 'trial', credits_remaining: 0 },
    ]);
    expect(await balance(userId)).toBe(24);
    expect(await ledgerSum(userId)).toBe(24);
  });

  it('makes reserve idempotent by its ref, and commit/release idempotent by reservation', async () => {
    const userId = randomUUID();
    await grantTopup(userId, 5);
    const ref = `generation:${randomUUID()}`;
    const first = await reserve(userId, 2, ref);
    const retry = await reserve(userId, 2, ref);
    expect(retry.reservationId).toBe(first.reservationId);
    expect(await balance(userId)).toBe(3);

    await rpc.request(BILLING.release, { reservationId: first.reservationId });
    expect(await rpc.request(BILLING.release, { reservationId: first.reservationId })).toEqual({ balance: 5 });
    await expect(rpc.request(BILLING.commit, { reservationId: first.reservationId })).rejects.toMatchObject({ code: 'CONFLICT' });

    const second = await reserve(userId, 3);
    expect((await rpc.request(BILLING.commit, { reservationId: second.reservationId })).balance).toBe(2);
    expect((await rpc.request(BILLING.commit, { reservationId: second.reservationId })).balance).toBe(2);
    await expect(rpc.request(BILLING.release, { reservationId: second.reservationId })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await ledgerSum(userId)).toBe(2);
  });

  it('refuses a reservation the balance cannot cover', async () => {
    const userId = randomUUID();
    await grantTopup(userId, 1);
    const error = await reserve(userId, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits. Purchase more to continue.' });
    expect(await balance(userId)).toBe(1);
  });

  it('lets exactly as many parallel reservations win as there are credits', async () => {
    const oneCredit = randomUUID();
    const fiveCredits = randomUUID();
    await grantTopup(oneCredit, 1);
    await grantTopup(fiveCredits, 3);
    await grantTrial(fiveCredits); // 10 expiring + 3 = 13; take 8 first to leave 5
    await reserve(fiveCredits, 8);

    const race = async (userId: string, attempts: number) =>
      (await Promise.allSettled(Array.from({ length: attempts }, () => reserve(userId, 1)))).filter(
        (result) => result.status === 'fulfilled',
      ).length;
    // Two instances in the queue group, so the parallel requests also meet across processes' pools.
    const secondInstance = await startBillingService(config);
    const [wonOne, wonFive] = await Promise.all([race(oneCredit, 20), race(fiveCredits, 20)]).finally(() => secondInstance.close());
    expect(wonOne).toBe(1);
    expect(wonFive).toBe(5);
    for (const userId of [oneCredit, fiveCredits]) {
      expect(await balance(userId)).toBe(0);
      expect(await ledgerSum(userId)).toBe(0);
      const [{ negative }] = await billing.infra.dataSource.query(
        `SELECT count(*)::int AS negative FROM billing.credit_lots WHERE credits_remaining < 0`,
      );
      expect(negative).toBe(0);
    }
  });

  it('releases reservations nobody settled in time (sweeper)', async () => {
    const userId = randomUUID();
    await grantTopup(userId, 4);
    await reserve(userId, 3);
    expect(await balance(userId)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const result = await billing.app.get(CreditsService).sweep();
    expect(result.released).toBeGreaterThanOrEqual(1);
    expect(await balance(userId)).toBe(4);
    expect(await ledgerSum(userId)).toBe(4);
  });

  it("holds a batch's reservation past the timeout and splits it row by row, each part settled on its own", async () => {
    const userId = randomUUID();
    await grantTopup(userId, 2);
    await grantTopup(userId, 3);
    const { reservationId } = await rpc.request(BILLING.reserve, { userId, amount: 4, reason: 'batch', ref: `batch:${randomUUID()}` });
    expect(await balance(userId)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await billing.app.get(CreditsService).sweep();
    expect(await balance(userId)).toBe(1); // never stale: the batch settles it

    const ref = `generation:${randomUUID()}`;
    const first = await rpc.request(BILLING.split, { reservationId, amount: 1, ref });
    expect(first.remaining).toBe(3);
    expect(await rpc.request(BILLING.split, { reservationId, amount: 1, ref })).toEqual(first); // a retry splits nothing more
    const second = await rpc.request(BILLING.split, { reservationId, amount: 1, ref: `generation:${randomUUID()}` });
    await expect(rpc.request(BILLING.split, { reservationId, amount: 3, ref: `generation:${randomUUID()}` })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await rpc.request(BILLING.commit, { reservationId: first.reservationId });
    await rpc.request(BILLING.release, { reservationId: second.reservationId });
    expect(await balance(userId)).toBe(2);
    // What no row took goes back when the batch ends; a split from a settled reservation is refused.
    expect(await rpc.request(BILLING.release, { reservationId })).toEqual({ balance: 4 });
    await expect(rpc.request(BILLING.split, { reservationId, amount: 1, ref: `generation:${randomUUID()}` })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await ledgerSum(userId)).toBe(4);
    const [{ parts }] = await billing.infra.dataSource.query(
      `SELECT coalesce(sum(p.amount), 0)::int AS parts FROM billing.reservation_parts p JOIN billing.reservations r ON r.id = p.reservation_id
       WHERE r.user_id = $1 AND r.status = 'committed'`,
      [userId],
    );
    expect(parts).toBe(1);
  });

  it('renews Pro with 25% rollover capped at 100, and Studio with 50% capped at 500', async () => {
    const subscriptions = billing.app.get(SubscriptionsService);
    const start = new Date(Date.now() - 1000);
    const end = new Date(Date.now() + 30 * 24 * 3600_000);

    const pro = randomUUID();
    await subscriptions.startPeriod({ userId: pro, planId: 'pro', periodStart: start, periodEnd: end });
    expect(await balance(pro)).toBe(400);
    const used = await reserve(pro, 240);
    await rpc.request(BILLING.commit, { reservationId: used.reservationId });
    expect(await subscriptions.renew(pro)).toBe('renewed');
    expect(await balance(pro)).toBe(400 + 40); // 25% of 160
    expect(await subscriptions.renew(pro)).toBe('renewed'); // nothing used: 440 unused → capped at 100
    expect(await balance(pro)).toBe(500);
    expect(await ledgerSum(pro)).toBe(500);

    const studio = randomUUID();
    await subscriptions.startPeriod({ userId: studio, planId: 'studio', periodStart: start, periodEnd: end });
    const studioUse = await reserve(studio, 400);
    await rpc.request(BILLING.commit, { reservationId: studioUse.reservationId });
    await subscriptions.renew(studio);
    expect(await balance(studio)).toBe(1000 + 300); // 50% of 600
    await subscriptions.renew(studio);
    expect(await balance(studio)).toBe(1500); // 50% of 1300 = 650 → capped at 500

    const entitlements = await rpc.request(BILLING.entitlements, { userId: studio });
    expect(entitlements).toEqual({ planId: 'studio', upscaleFactors: [2, 4], priorityTier: 2, commercialLicense: true });
  });

  it('starts a period once, however often the same activation arrives', async () => {
    const subscriptions = billing.app.get(SubscriptionsService);
    const userId = randomUUID();
    const change = { userId, planId: 'starter', periodStart: new Date('2026-11-01T00:00:00Z'), periodEnd: new Date(Date.now() + 3600_000) };
    await subscriptions.startPeriod(change);
    await subscriptions.startPeriod(change);
    expect(await balance(userId)).toBe(50);
  });

  it('keeps a cancelled subscription to the period end, then falls back to top-up credits', async () => {
    const subscriptions = billing.app.get(SubscriptionsService);
    const userId = randomUUID();
    await subscriptions.startPeriod({
      userId,
      planId: 'creator',
      periodStart: new Date(Date.now() - 1000),
      periodEnd: new Date(Date.now() + 3600_000),
    });
    await grantTopup(userId, 25);
    await subscriptions.setCancelAtPeriodEnd(userId, true);
    const summary = await rpc.request(BILLING.accountSummary, { userId });
    expect(summary).toMatchObject({ credits: 175, subscription: { planId: 'creator', status: 'active', cancelAtPeriodEnd: true } });
    expect(await subscriptions.renew(userId)).toBe('ended');
    expect(await rpc.request(BILLING.accountSummary, { userId })).toEqual({
      credits: 25,
      trialCredits: 0,
      trialCreditsExpireAt: null,
      changesAt: null,
      subscription: null,
    });
    await expect(billing.app.get(CheckoutService).portal(userId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('rolls over what a period left unused even when the sweeper expired its lots first', async () => {
    const subscriptions = billing.app.get(SubscriptionsService);
    const userId = randomUUID();
    await subscriptions.startPeriod({
      userId,
      planId: 'pro',
      periodStart: new Date(Date.now() - 1000),
      periodEnd: new Date(Date.now() + 3600_000),
    });
    const used = await reserve(userId, 40);
    await rpc.request(BILLING.commit, { reservationId: used.reservationId });
    // The period ends: move its end into the past, as if a month had gone by.
    await billing.infra.dataSource.query(`UPDATE billing.credit_lots SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      userId,
    ]);
    await billing.infra.dataSource.query(
      `UPDATE billing.subscriptions SET current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    await billing.app.get(CreditsService).sweep();
    expect(await balance(userId)).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);

    await subscriptions.renewDueLocalSubscriptions();
    expect(await balance(userId)).toBe(400 + 90); // 25% of the 360 left unused
    expect(await ledgerSum(userId)).toBe(490);
    await subscriptions.renewDueLocalSubscriptions(); // not due any more: nothing changes
    expect(await balance(userId)).toBe(490);
  });

  it('ignores a replayed or late activation of an older period', async () => {
    const subscriptions = billing.app.get(SubscriptionsService);
    const userId = randomUUID();
    const first = { userId, planId: 'pro', periodStart: new Date(Date.now() - 1000), periodEnd: new Date(Date.now() + 3600_000) };
    await subscriptions.startPeriod(first);
    await subscriptions.setCancelAtPeriodEnd(userId, true);
    await subscriptions.startPeriod({ ...first, status: 'active' }); // a replay keeps the cancellation
    expect((await rpc.request(BILLING.accountSummary, { userId })).subscription).toMatchObject({ cancelAtPeriodEnd: true });
    await subscriptions.setCancelAtPeriodEnd(userId, false);
    await subscriptions.renew(userId);
    const renewed = await rpc.request(BILLING.accountSummary, { userId });
    expect(renewed.credits).toBe(500);

    await subscriptions.startPeriod(first);
    await subscriptions.startPeriod({
      ...first,
      periodStart: new Date(first.periodStart.getTime() - 30 * 24 * 3600_000),
      periodEnd: first.periodStart,
    });
    expect(await rpc.request(BILLING.accountSummary, { userId })).toEqual(renewed);
    expect(await ledgerSum(userId)).toBe(500);
  });

  it('renews from the operator command by user id or email, and only local subscriptions', async () => {
    const userId = randomUUID();
    const email = `renew-${userId}@example.com`;
    await publishEvent(nc, EVENTS.userVerified, { userId, email, at: new Date().toISOString() }, `verified-${userId}`);
    await waitFor(async () => (await balance(userId)) === 10);
    const subscriptions = billing.app.get(SubscriptionsService);
    await subscriptions.startPeriod({
      userId,
      planId: 'studio',
      periodStart: new Date(Date.now() - 1000),
      periodEnd: new Date(Date.now() + 3600_000),
    });
    expect(await balance(userId)).toBe(1010);

    // Run as the scripts do, with NATS: every change is announced, so gateways' cached views drop the user.
    const announced: string[] = [];
    const subscription = nc.subscribe(BROADCASTS.accountChanged, {
      callback: (_error, msg) => {
        announced.push(JSON.parse(new TextDecoder().decode(msg.data)).userId);
      },
    });
    const operator = { dataSource: billing.infra.dataSource, changes: new AccountChanges(nc) };
    expect(await renewCommand(operator, email.toUpperCase())).toMatch(/^renewed: .* credits 1010 → 1510,/);
    await nc.flush();
    expect(announced).toContain(userId);
    announced.length = 0;
    expect(await renewCommand(operator, userId)).toMatch(/credits 1510 → 1510,/); // 1000 + 50% of 1500 capped at 500, + the 10 trial credits
    await expect(renewCommand(operator, 'nobody@example.com')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await cancelCommand(operator, email, true)).toMatch(/"cancelAtPeriodEnd":true/);
    await nc.flush();
    expect(announced).toContain(userId);
    subscription.unsubscribe();
    expect(await renewCommand(operator, email)).toMatch(/^ended: .* credits 1510 → 10, subscription null$/);
    await expect(cancelCommand(operator, email, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const stripeUser = randomUUID();
    await subscriptions.startPeriod({
      userId: stripeUser,
      planId: 'starter',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 3600_000),
      stripeSubscriptionId: `sub_${stripeUser}`,
    });
    await expect(renewCommand(operator, stripeUser)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await balance(stripeUser)).toBe(50);
  });
});
