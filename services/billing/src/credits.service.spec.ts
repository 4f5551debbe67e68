import { describe, expect, it } from '@jest/globals';
import { AppError, MESSAGES, TOPUPS, TRIAL, TRIAL_ALREADY_USED_MESSAGE, trialWithheldMessage } from '@printloom/contracts';
import { createLogger, createMetrics } from '@printloom/service-kit';
import {
  InMemoryAccounts,
  InMemoryLedger,
  InMemoryPurchaseEvents,
  InMemoryTrials,
  emptyBillingMemory,
} from '../test/support/in-memory-ledger.js';
import { loadBillingConfig } from './config.js';
import { CreditsService } from './credits.service.js';
import type { AccountRepository } from './repositories/account.repository.js';
import type { LedgerRepository } from './repositories/ledger.repository.js';
import type { PurchaseEventRepository } from './repositories/purchase-event.repository.js';
import type { PaymentSafetyRepository } from './repositories/payment-safety.repository.js';
import type { TrialRepository } from './repositories/trial.repository.js';

const DAY = 24 * 3600_000;
const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

/** CreditsService on in-memory repositories (the classes are concrete: the fakes implement the methods it calls). */
function credits(env: Record<string, string> = {}) {
  const memory = emptyBillingMemory();
  const ledger = new InMemoryLedger(memory);
  const metrics = createMetrics('billing');
  const service = new CreditsService(
    ledger as unknown as LedgerRepository,
    new InMemoryAccounts(memory) as unknown as AccountRepository,
    new InMemoryTrials(memory) as unknown as TrialRepository,
    new InMemoryPurchaseEvents(memory) as unknown as PurchaseEventRepository,
    // Holds are covered by the integration tests (services/billing/test/account-holds.int-spec.ts).
    { isOnHold: async () => false } as unknown as PaymentSafetyRepository,
    loadBillingConfig(env),
    createLogger('billing', 'silent'),
    metrics,
  );
  const tx = {} as never;
  const grant = (userId: string, kind: 'trial' | 'plan' | 'rollover' | 'topup', amount: number, expiresInMs: number | null = null) =>
    ledger.grantLot(tx, {
      userId,
      kind,
      sourceRef: `${kind}:${userId}:${memory.lots.length}`,
      credits: amount,
      expiresAt: expiresInMs === null ? null : new Date(Date.now() + expiresInMs),
    });
  const lotOf = (kind: string) => memory.lots.find((lot) => lot.kind === kind)!;
  const moved = async (movement: 'reserved' | 'committed' | 'released') => {
    const metric = await metrics.registry.getSingleMetric('printloom_credits_total')!.get();
    return metric.values.find((value) => value.labels.movement === movement)?.value ?? 0;
  };
  return { service, memory, grant, lotOf, moved };
}

const reserve = (service: CreditsService, amount: number, ref = `job:${amount}`, userId = USER) =>
  service.reserve({ userId, amount, reason: 'generation', ref });

describe('CreditsService (in-memory repositories)', () => {
  describe('reserve', () => {
    it('takes credits from the lots in spend order: soonest expiry first, free credits before paid top-ups', async () => {
      const { service, grant, lotOf } = credits();
      await grant(USER, 'topup', 5);
      await grant(USER, 'trial', 2);
      await grant(USER, 'plan', 3, 10 * DAY);
      expect(await reserve(service, 6)).toEqual({ reservationId: expect.any(String), balance: 4 });
      expect([lotOf('plan').remaining, lotOf('trial').remaining, lotOf('topup').remaining]).toEqual([0, 0, 4]);
    });

    it('is idempotent by ref: a retry returns the same reservation and charges nothing more', async () => {
      const { service, memory, grant, moved } = credits();
      await grant(USER, 'topup', 10);
      const first = await reserve(service, 4, 'job:retried');
      const again = await reserve(service, 4, 'job:retried');
      expect(again).toEqual(first);
      expect(await service.balance(USER)).toBe(6);
      expect(memory.reservations).toHaveLength(1);
      expect(await moved('reserved')).toBe(4);
    });

    it('refuses a ref that belongs to another account, moving nothing', async () => {
      const { service, grant } = credits();
      await grant(USER, 'topup', 10);
      await grant(OTHER, 'topup', 10);
      await reserve(service, 1, 'job:shared', USER);
      await expect(reserve(service, 1, 'job:shared', OTHER)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await service.balance(OTHER)).toBe(10);
    });

    it('refuses more than the live balance with INSUFFICIENT_CREDITS, taking nothing; expired lots do not count', async () => {
      const { service, memory, grant, moved } = credits();
      await grant(USER, 'trial', 3);
      await grant(USER, 'plan', 5, -1000);
      const refused = reserve(service, 4);
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: MESSAGES.insufficientCredits });
      expect(await service.balance(USER)).toBe(3);
      expect(memory.reservations).toHaveLength(0);
      expect(memory.entries.filter((entry) => entry.kind === 'reserve')).toHaveLength(0);
      expect(await moved('reserved')).toBe(0);
    });

    it("locks the user's account for every movement", async () => {
      const { service, memory, grant } = credits();
      await grant(USER, 'topup', 2);
      const { reservationId } = await reserve(service, 1);
      await service.commit(reservationId);
      expect(memory.lockedUsers).toEqual([USER, USER]);
    });
  });

  describe('commit and release', () => {
    it('commits once: a repeated commit is a no-op, a release after it is refused and the credits stay spent', async () => {
      const { service, grant, moved } = credits();
      await grant(USER, 'topup', 5);
      const { reservationId } = await reserve(service, 2);
      expect(await service.commit(reservationId)).toEqual({ balance: 3 });
      expect(await service.commit(reservationId)).toEqual({ balance: 3 });
      await expect(service.release(reservationId)).rejects.toMatchObject({ code: 'CONFLICT', message: 'Reservation is already committed' });
      expect(await service.balance(USER)).toBe(3);
      expect(await moved('committed')).toBe(2);
      expect(await moved('released')).toBe(0);
    });

    it('releases once, back into the lots the credits came from; a commit after it is refused', async () => {
      const { service, grant, lotOf, moved } = credits();
      await grant(USER, 'trial', 1);
      await grant(USER, 'topup', 5);
      const { reservationId } = await reserve(service, 3);
      expect([lotOf('trial').remaining, lotOf('topup').remaining]).toEqual([0, 3]);
      expect(await service.release(reservationId)).toEqual({ balance: 6 });
      expect(await service.release(reservationId)).toEqual({ balance: 6 });
      expect([lotOf('trial').remaining, lotOf('topup').remaining]).toEqual([1, 5]);
      await expect(service.commit(reservationId)).rejects.toMatchObject({ code: 'CONFLICT', message: 'Reservation is already released' });
      expect(await moved('released')).toBe(3);
    });

    it('answers NOT_FOUND for an unknown reservation', async () => {
      const { service } = credits();
      await expect(service.commit('00000000-0000-4000-8000-00000000dead')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(service.release('00000000-0000-4000-8000-00000000dead')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('trial credits', () => {
    it('grants the 10 trial credits once per user, never expiring by default, and remembers the email', async () => {
      const { service, memory, lotOf } = credits();
      expect(await service.grantTrial(USER, 'seller@example.com', '192.0.2.1')).toBe(true);
      expect(await service.grantTrial(USER, 'seller@example.com', '192.0.2.1')).toBe(false);
      expect(await service.balance(USER)).toBe(TRIAL.credits);
      expect(lotOf('trial').expiresAt).toBeNull();
      expect(memory.accounts.get(USER)).toBe('seller@example.com');
    });

    it('expires the trial credits TRIAL_CREDITS_DAYS after the grant when an operator sets it', async () => {
      const { service, lotOf } = credits({ TRIAL_CREDITS_DAYS: '7' });
      await service.grantTrial(USER);
      expect(lotOf('trial').expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
      expect(lotOf('trial').expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    });

    it('gives them to at most TRIAL_GRANTS_PER_IP_PER_DAY accounts per address a day; the others start with 0 and are told why', async () => {
      const { service, memory } = credits({ TRIAL_GRANTS_PER_IP_PER_DAY: '2' });
      const users = ['a', 'b', 'c'].map((letter) => `00000000-0000-4000-8000-00000000000${letter}`);
      const granted = [];
      for (const userId of users) granted.push(await service.grantTrial(userId, undefined, '203.0.113.7'));
      expect(granted).toEqual([true, true, false]);
      expect(await service.balance(users[2])).toBe(0);
      expect(memory.trialDecisions.find((decision) => decision.userId === users[2])).toMatchObject({ granted: false, ip: '203.0.113.7' });
      expect(service.trialNotice(false)).toBe(trialWithheldMessage(2));
      expect(service.trialNotice(true)).toBeUndefined();
      expect(service.trialNotice(null)).toBeUndefined();
      // Another address, or an unknown one, is not affected.
      expect(await service.grantTrial(OTHER, undefined, 'unknown')).toBe(true);
    });

    it('gives them once per person: aliases of an inbox that had a trial, on any account, start with 0 and are told why', async () => {
      const { service, memory } = credits();
      const users = ['1', '2', '3', '4', '5'].map((digit) => `00000000-0000-4000-8000-00000000010${digit}`);
      expect(await service.grantTrial(users[0], 'Jane.Doe@gmail.com', '192.0.2.1')).toBe(true);
      expect(await service.grantTrial(users[1], 'janedoe+again@googlemail.com', '198.51.100.1')).toBe(false);
      expect(await service.grantTrial(users[2], 'JANE.DOE+x@GMAIL.COM', '198.51.100.2')).toBe(false);
      expect(await service.balance(users[1])).toBe(0);
      expect(memory.trialDecisions.find((decision) => decision.userId === users[1])).toMatchObject({
        granted: false,
        withheldBecause: 'person',
      });
      expect(service.trialNotice(false, 'person')).toBe(TRIAL_ALREADY_USED_MESSAGE);
      expect(service.trialNotice(false, 'address')).toBe(trialWithheldMessage(TRIAL.grantsPerIpPerDay));
      // Another person, or the same dots at another provider, is another person.
      expect(await service.grantTrial(users[3], 'jane.doe@example.com', '198.51.100.3')).toBe(true);
      expect(await service.grantTrial(users[4], 'janedoe@example.com', '198.51.100.4')).toBe(true);
      expect([...memory.trialPeople.keys()].some((hash) => hash.includes('jane'))).toBe(false);
    });

    it('counts the per-address limit per IPv6 /64: rotating addresses inside one network do not reset it', async () => {
      const { service, memory } = credits({ TRIAL_GRANTS_PER_IP_PER_DAY: '2' });
      const users = ['a', 'b', 'c', 'd'].map((letter) => `00000000-0000-4000-8000-0000000002${letter}0`);
      const granted = [];
      for (const [index, userId] of users.slice(0, 3).entries())
        granted.push(await service.grantTrial(userId, `person${index}@example.com`, `2001:db8:7:1::${index + 1}`));
      expect(granted).toEqual([true, true, false]);
      expect(memory.trialDecisions[2]).toMatchObject({ ip: '2001:db8:7:1::/64', withheldBecause: 'address' });
      expect(await service.grantTrial(users[3], 'person3@example.com', '2001:db8:7:2::1')).toBe(true);
    });

    it('records a decision for a trial granted before decisions were recorded, without granting it twice', async () => {
      const { service, memory } = credits();
      await service.grantTopup(USER, `trial:${USER}`, TRIAL.credits);
      expect(await service.grantTrial(USER)).toBe(false);
      expect(await service.balance(USER)).toBe(TRIAL.credits);
      expect(memory.trialDecisions).toMatchObject([{ userId: USER, granted: true }]);
    });
  });

  describe('top-ups and packs', () => {
    it('grants a source ref once, and records the purchase of a pack for the buyer once', async () => {
      const { service, memory } = credits();
      const pack = TOPUPS[0];
      expect(await service.grantPack(USER, 'stripe:cs_1', pack)).toBe(true);
      expect(await service.grantPack(USER, 'stripe:cs_1', pack)).toBe(false);
      expect(await service.balance(USER)).toBe(pack.credits);
      expect(memory.purchaseEvents).toEqual([
        {
          userId: USER,
          sourceRef: 'stripe:cs_1',
          event: {
            event: 'topup_purchase',
            params: { pack: pack.id, value: pack.priceCents / 100, currency: 'USD', credits: pack.credits },
          },
        },
      ]);
    });
  });

  describe('sweep', () => {
    it('releases reservations nobody settled within RESERVATION_TIMEOUT_MS and zeroes lots past their expiry', async () => {
      const { service, memory, grant, lotOf, moved } = credits({ RESERVATION_TIMEOUT_MS: '60000' });
      await grant(USER, 'topup', 5);
      const stale = await reserve(service, 2, 'job:stale');
      await reserve(service, 1, 'job:fresh');
      memory.reservations.find((reservation) => reservation.id === stale.reservationId)!.createdAt = new Date(Date.now() - 61_000);
      await grant(OTHER, 'plan', 4, 10 * DAY);
      lotOf('plan').expiresAt = new Date(Date.now() - 1000);

      expect(await service.sweep()).toEqual({ released: 1, expiredUsers: 1 });
      expect(memory.reservations.map((reservation) => [reservation.ref, reservation.status])).toEqual([
        ['job:stale', 'released'],
        ['job:fresh', 'held'],
      ]);
      expect(await service.balance(USER)).toBe(4);
      expect(lotOf('plan').remaining).toBe(0);
      expect(memory.entries.filter((entry) => entry.kind === 'expire')).toMatchObject([{ userId: OTHER, delta: -4 }]);
      expect(await moved('released')).toBe(2);
      expect(await service.sweep()).toEqual({ released: 0, expiredUsers: 0 });
    });
  });

  it('lists the credit history newest first: a reservation reads as a spend, its release as a refund', async () => {
    const { service, grant } = credits();
    await grant(USER, 'trial', 10);
    const { reservationId } = await reserve(service, 3);
    await service.release(reservationId);
    const { entries } = await service.history(USER);
    expect(entries.map(({ kind, source, reason, delta }) => ({ kind, source, reason, delta }))).toEqual([
      { kind: 'refund', source: null, reason: 'generation', delta: 3 },
      { kind: 'spend', source: null, reason: 'generation', delta: -3 },
      { kind: 'grant', source: 'trial', reason: null, delta: 10 },
    ]);
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
  });
});
