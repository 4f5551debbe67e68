import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNT_ON_HOLD,
  AppError,
  CREDIT_HISTORY_LIMIT,
  MESSAGES,
  TRIAL,
  TRIAL_ALREADY_USED_MESSAGE,
  trialWithheldMessage,
  type CreditHistoryEntry,
  type TopupPack,
} from '@printloom/contracts';
import { LOGGER, SERVICE_METRICS, clientAddressKey, type Logger, type ServiceMetrics } from '@printloom/service-kit';
import type { Counter } from 'prom-client';
import type { EntityManager } from 'typeorm';
import { allocate } from './domain/rollover.js';
import { trialIdentityHash } from './domain/trial-identity.js';
import type { TrialWithheld } from './domain/records.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { AccountRepository } from './repositories/account.repository.js';
import { TrialRepository } from './repositories/trial.repository.js';
import { PurchaseEventRepository } from './repositories/purchase-event.repository.js';
import { PaymentSafetyRepository } from './repositories/payment-safety.repository.js';
import { BILLING_CONFIG } from './billing.tokens.js';
import type { BillingConfig } from './config.js';

/** Reservations: credits leave a balance when reserved, and come back unless the work is committed. */
@Injectable()
export class CreditsService {
  /** Credits moved, counted once their transaction committed (a replayed request moves nothing). */
  private readonly moved: Counter<'movement'>;

  constructor(
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountRepository,
    private readonly trials: TrialRepository,
    private readonly purchaseEvents: PurchaseEventRepository,
    private readonly safety: PaymentSafetyRepository,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    this.moved = metrics.counter('printloom_credits_total', 'Credits reserved, committed (spent) and released (given back), by movement', [
      'movement',
    ]);
  }

  balance(userId: string): Promise<number> {
    return this.ledger.balance(userId);
  }

  /** Idempotent by ref: a retry returns the same reservation and charges nothing more. */
  async reserve(input: {
    userId: string;
    amount: number;
    reason: string;
    ref: string;
  }): Promise<{ reservationId: string; balance: number }> {
    let created = false;
    const result = await this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, input.userId);
      await this.refuseOnHold(tx, input.userId);
      const existing = await this.ledger.findReservationByRef(tx, input.ref);
      if (existing) {
        if (existing.userId !== input.userId) throw new AppError('CONFLICT', 'This reservation reference belongs to another account');
        return { reservationId: existing.id, balance: await this.ledger.balance(input.userId, tx) };
      }
      const parts = allocate(await this.ledger.spendableLots(tx, input.userId), input.amount);
      if (!parts) throw new AppError('INSUFFICIENT_CREDITS', MESSAGES.insufficientCredits);
      const reservationId = await this.ledger.createReservation(tx, { ...input, parts });
      created = true;
      return { reservationId, balance: await this.ledger.balance(input.userId, tx) };
    });
    if (created) this.moved.inc({ movement: 'reserved' }, input.amount);
    return result;
  }

  /** The credit history on /account: a reservation reads as a spend, its release as a refund. */
  async history(userId: string): Promise<{ entries: CreditHistoryEntry[] }> {
    const rows = await this.ledger.history(userId, CREDIT_HISTORY_LIMIT);
    const kinds: Record<string, CreditHistoryEntry['kind']> = { grant: 'grant', reserve: 'spend', release: 'refund', expire: 'expire' };
    return {
      entries: rows.map((row) => ({
        at: new Date(row.at).toISOString(),
        kind: kinds[row.kind],
        source: row.source,
        reason: row.reason,
        delta: row.delta,
      })),
    };
  }

  /**
   * Takes `amount` out of a held reservation (a batch's) into a reservation of its own (one row's job),
   * settled like any other. Idempotent by ref; CONFLICT when the source is settled or holds too little.
   */
  async split(input: { reservationId: string; amount: number; ref: string }): Promise<{ reservationId: string; remaining: number }> {
    return this.ledger.transaction(async (tx) => {
      // Same lock order as settle(): the reservation row, then the user.
      const from = await this.ledger.lockReservation(tx, input.reservationId);
      if (!from) throw new AppError('NOT_FOUND', 'Reservation not found');
      await this.ledger.lockUser(tx, from.userId);
      // Before the retry's answer too: a row of a held account is not fed, even one split before the hold.
      await this.refuseOnHold(tx, from.userId);
      const existing = await this.ledger.findSplit(tx, input.ref);
      if (existing) {
        if (existing.splitFrom !== from.id) throw new AppError('CONFLICT', 'This reservation reference belongs to another reservation');
        return { reservationId: existing.id, remaining: existing.remaining };
      }
      if (from.status !== 'held') throw new AppError('CONFLICT', `Reservation is already ${from.status}`);
      if (from.amount < input.amount) throw new AppError('CONFLICT', 'Reservation holds fewer credits than asked');
      const reservationId = await this.ledger.splitReservation(tx, from, input);
      return { reservationId, remaining: from.amount - input.amount };
    });
  }

  /** A refund or a dispute put the account on hold: 403 FORBIDDEN with reason ACCOUNT_ON_HOLD until an operator releases it. */
  private async refuseOnHold(tx: EntityManager, userId: string): Promise<void> {
    if (await this.safety.isOnHold(tx, userId)) throw new AppError('FORBIDDEN', MESSAGES.accountOnHold, { reason: ACCOUNT_ON_HOLD });
  }

  commit(reservationId: string): Promise<{ balance: number }> {
    return this.settle(reservationId, 'committed');
  }

  release(reservationId: string): Promise<{ balance: number }> {
    return this.settle(reservationId, 'released');
  }

  /**
   * The 10 trial credits, decided once per user whatever the number of events (the first decides), and
   * once per person: an address whose normalised form (see `normaliseTrialEmail`) already had a trial,
   * on this account or on a deleted one, starts with 0. At most TRIAL_GRANTS_PER_IP_PER_DAY accounts
   * verified from one network (an IPv6 /64) within a day get them; the others start with 0. /me tells
   * either why. They never expire, unless an operator sets TRIAL_CREDITS_DAYS.
   */
  async grantTrial(userId: string, email?: string, ip?: string): Promise<boolean> {
    return this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      if (email) await this.accounts.remember(tx, userId, email);
      if (await this.trials.decisionOf(userId, tx)) return false;
      const sourceRef = `trial:${userId}`;
      const address = ip && ip !== 'unknown' ? clientAddressKey(ip) : null;
      const person = email ? trialIdentityHash(this.config.TRIAL_HASH_KEY, email) : null;
      if (person) await this.trials.lockPerson(tx, person);
      // Granted before decisions were recorded: keep it, and record it.
      if (await this.ledger.hasLot(tx, sourceRef)) {
        await this.trials.record(tx, { userId, ip: address, granted: true });
        if (person) await this.trials.rememberPerson(tx, person, userId);
        return false;
      }
      const withheldBecause = await this.trialWithheldBecause(tx, userId, person, address);
      await this.trials.record(tx, { userId, ip: address, granted: !withheldBecause, withheldBecause });
      if (withheldBecause) {
        this.logger.info({ userId, withheldBecause }, 'trial credits withheld');
        return false;
      }
      if (person) await this.trials.rememberPerson(tx, person, userId);
      const days = this.config.TRIAL_CREDITS_DAYS;
      const expiresAt = days === undefined ? null : new Date(Date.now() + days * 24 * 3600_000);
      return this.ledger.grantLot(tx, { userId, kind: 'trial', sourceRef, credits: TRIAL.credits, expiresAt });
    });
  }

  private async trialWithheldBecause(
    tx: EntityManager,
    userId: string,
    person: string | null,
    address: string | null,
  ): Promise<TrialWithheld | undefined> {
    if (person) {
      const holder = await this.trials.trialHolderOf(tx, person);
      if (holder && holder !== userId) return 'person';
    }
    if (address) {
      await this.trials.lockAddress(tx, address);
      const since = new Date(Date.now() - 24 * 3600_000);
      if ((await this.trials.grantedFromAddressSince(tx, address, since)) >= this.config.TRIAL_GRANTS_PER_IP_PER_DAY) return 'address';
    }
    return undefined;
  }

  /**
   * Why this account started without the trial credits, when it did. `trialGranted`: the recorded
   * trial decision, null when there is none yet; `withheldBecause`: its reason (null for decisions
   * recorded before reasons were, which were all per network).
   */
  trialNotice(trialGranted: boolean | null, withheldBecause: TrialWithheld | null = null): string | undefined {
    if (trialGranted !== false) return undefined;
    return withheldBecause === 'person' ? TRIAL_ALREADY_USED_MESSAGE : trialWithheldMessage(this.config.TRIAL_GRANTS_PER_IP_PER_DAY);
  }

  async grantTopup(userId: string, sourceRef: string, credits: number, inTransaction?: EntityManager): Promise<boolean> {
    const work = async (tx: EntityManager) => {
      await this.ledger.lockUser(tx, userId);
      return this.ledger.grantLot(tx, { userId, kind: 'topup', sourceRef, credits, expiresAt: null });
    };
    return inTransaction ? work(inTransaction) : this.ledger.transaction(work);
  }

  /** A paid pack: its credits once, and the purchase for the buyer's analytics, in one transaction. */
  async grantPack(userId: string, sourceRef: string, pack: TopupPack, inTransaction?: EntityManager): Promise<boolean> {
    const work = async (tx: EntityManager) => {
      const granted = await this.grantTopup(userId, sourceRef, pack.credits, tx);
      if (granted)
        await this.purchaseEvents.record(tx, userId, sourceRef, {
          event: 'topup_purchase',
          params: { pack: pack.id, value: pack.priceCents / 100, currency: 'USD', credits: pack.credits },
        });
      return granted;
    };
    return inTransaction ? work(inTransaction) : this.ledger.transaction(work);
  }

  /**
   * Releases reservations nobody settled in time and zeroes lots past their expiry. Safe with several
   * instances: each stale reservation is claimed with SKIP LOCKED in its own short transaction.
   */
  async sweep(batch = 100): Promise<{ released: number; expiredUsers: number }> {
    let released = 0;
    while (released < batch && (await this.releaseOneStale())) released += 1;
    if (released > 0) this.logger.warn({ released }, 'Released reservations that were never settled');
    const users = await this.ledger.usersWithExpiredLots(batch);
    for (const userId of users) {
      await this.ledger.transaction(async (tx) => {
        await this.ledger.lockUser(tx, userId);
        await this.ledger.expireDueLots(tx, userId);
      });
    }
    return { released, expiredUsers: users.length };
  }

  private async releaseOneStale(): Promise<boolean> {
    const amount = await this.ledger.transaction(async (tx) => {
      const reservation = await this.ledger.claimStaleReservation(tx, this.config.RESERVATION_TIMEOUT_MS);
      if (!reservation) return null;
      // Same lock order as settle(): the reservation row, then the user.
      await this.ledger.lockUser(tx, reservation.userId);
      await this.ledger.returnCredits(tx, reservation);
      await this.ledger.settle(tx, reservation.id, 'released');
      return reservation.amount;
    });
    if (amount !== null) this.moved.inc({ movement: 'released' }, amount);
    return amount !== null;
  }

  private async settle(reservationId: string, status: 'committed' | 'released'): Promise<{ balance: number }> {
    let settled = 0;
    const result = await this.ledger.transaction(async (tx) => {
      const reservation = await this.ledger.lockReservation(tx, reservationId);
      if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
      await this.ledger.lockUser(tx, reservation.userId);
      if (reservation.status === status) return { balance: await this.ledger.balance(reservation.userId, tx) };
      if (reservation.status !== 'held') throw new AppError('CONFLICT', `Reservation is already ${reservation.status}`);
      if (status === 'released') await this.ledger.returnCredits(tx, reservation);
      await this.ledger.settle(tx, reservation.id, status);
      settled = reservation.amount;
      return { balance: await this.ledger.balance(reservation.userId, tx) };
    });
    if (settled > 0) this.moved.inc({ movement: status }, settled);
    return result;
  }
}
