import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_ON_HOLD, BILLING, MESSAGES } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import { loadBillingConfig } from '../src/config.js';
import { startBillingService } from '../src/start.js';
import { CreditsService } from '../src/credits.service.js';
import { PaymentReversalsService } from '../src/payment-reversals.service.js';
import { releaseHoldCommand } from '../src/operator/commands.js';

/**
 * A refund or a dispute against credits a batch holds (real PostgreSQL and NATS): the reversal cuts the
 * reservations held on the lots it revokes, nothing returns to a revoked lot when they are released,
 * and the account is on hold (no reserve, no split) until the operator's release-hold.
 */
describe('billing: reversals cut held reservations and hold the account', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let billing: RunningService;
  let nc: NatsConnection;
  let rpc: RpcClient;

  const onHold = { code: 'FORBIDDEN', message: MESSAGES.accountOnHold, details: { reason: ACCOUNT_ON_HOLD } };
  const balance = async (userId: string) => (await rpc.request(BILLING.accountSummary, { userId })).credits;
  const query = <T>(sql: string, params: unknown[]): Promise<T[]> => billing.infra.dataSource.query(sql, params);
  const lotRemaining = async (sourceRef: string) =>
    (
      await query<{ remaining: number }>(`SELECT credits_remaining AS remaining FROM billing.credit_lots WHERE source_ref = $1`, [
        sourceRef,
      ])
    )[0].remaining;
  const ledgerSum = async (userId: string) =>
    (
      await query<{ total: number }>(`SELECT coalesce(sum(delta), 0)::int AS total FROM billing.ledger_entries WHERE user_id = $1`, [
        userId,
      ])
    )[0].total;
  const reserve = (userId: string, amount: number, reason: 'generation' | 'batch' = 'generation') =>
    rpc.request(BILLING.reserve, { userId, amount, reason, ref: `${reason}:${randomUUID()}` });
  const reverse = (userId: string, refs: string[], share: number, flagRef: string) =>
    billing.app.get(PaymentReversalsService).revokePurchase(userId, refs, share, 'refund', flagRef);

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)]));
    billing = await startBillingService(loadBillingConfig({ ...env, BILLING_SWEEP_INTERVAL_MS: '3600000' }));
    nc = await connectNats(nats.url, 'test');
    rpc = new RpcClient(nc, 5000);
  });

  afterAll(async () => {
    await nc?.drain();
    await billing?.close();
    await nats?.stop();
    await database?.drop();
  });

  it('a full refund takes the credits a batch and its job hold; released, nothing returns to the revoked lot; on hold until released', async () => {
    const userId = randomUUID();
    const refunded = `topup:${randomUUID()}`;
    const kept = `topup:${randomUUID()}`;
    await billing.app.get(CreditsService).grantTopup(userId, refunded, 10);
    await billing.app.get(CreditsService).grantTopup(userId, kept, 5);
    const batch = await reserve(userId, 8, 'batch');
    const job = await rpc.request(BILLING.split, { reservationId: batch.reservationId, amount: 1, ref: `generation:${randomUUID()}` });
    expect(await balance(userId)).toBe(7);

    // 2 left in the lot, 7 in the batch, 1 in its job: all 10 go.
    expect(await reverse(userId, [refunded], 1, 'refund:ch_batch')).toBe(10);
    expect(await lotRemaining(refunded)).toBe(0);
    expect(await balance(userId)).toBe(5);
    expect(await ledgerSum(userId)).toBe(5);
    const held = await query<{ reason: string; amount: number }>(
      `SELECT reason, amount FROM billing.reservations WHERE user_id = $1 AND status = 'held' ORDER BY reason`,
      [userId],
    );
    expect(held).toEqual([
      { reason: 'batch', amount: 0 },
      { reason: 'generation', amount: 0 },
    ]);

    // On hold: no reservation, no split (the batch's rows are not fed), whatever the balance.
    await expect(reserve(userId, 1)).rejects.toMatchObject(onHold);
    await expect(
      rpc.request(BILLING.split, { reservationId: batch.reservationId, amount: 1, ref: `generation:${randomUUID()}` }),
    ).rejects.toMatchObject(onHold);

    // Cancelling the batch and failing its job give nothing back to the refunded lot.
    await rpc.request(BILLING.release, { reservationId: batch.reservationId });
    await rpc.request(BILLING.release, { reservationId: job.reservationId });
    expect(await lotRemaining(refunded)).toBe(0);
    expect(await balance(userId)).toBe(5);
    expect(await ledgerSum(userId)).toBe(5);

    // A replay takes nothing more and leaves a released hold released.
    expect(await reverse(userId, [refunded], 1, 'refund:ch_batch')).toBe(0);
    expect(await releaseHoldCommand({ dataSource: billing.infra.dataSource }, userId)).toBe(
      `hold released: user ${userId}, 1 flag(s) released`,
    );
    expect(await reverse(userId, [refunded], 1, 'refund:ch_batch')).toBe(0);
    await reserve(userId, 2);
    expect(await balance(userId)).toBe(3);
    expect(await releaseHoldCommand({ dataSource: billing.infra.dataSource }, userId)).toBe(`not on hold: user ${userId}`);
  });

  it("a partial refund cuts only its share of a batch's credits; the rest return to the lot when the batch ends", async () => {
    const userId = randomUUID();
    const lot = `topup:${randomUUID()}`;
    await billing.app.get(CreditsService).grantTopup(userId, lot, 10);
    const batch = await reserve(userId, 10, 'batch');
    expect(await reverse(userId, [lot], 0.5, 'refund:ch_half')).toBe(5);
    await expect(reserve(userId, 1)).rejects.toMatchObject(onHold);
    await rpc.request(BILLING.release, { reservationId: batch.reservationId });
    expect(await lotRemaining(lot)).toBe(5);
    // The rest of the same charge refunded later: the 5 that came back go too, and the released hold opens again.
    await releaseHoldCommand({ dataSource: billing.infra.dataSource }, userId);
    expect(await reverse(userId, [lot], 1, 'refund:ch_half')).toBe(5);
    expect(await balance(userId)).toBe(0);
    await expect(reserve(userId, 1)).rejects.toMatchObject(onHold);
  });
});
