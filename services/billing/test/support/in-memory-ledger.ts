// Billing's credit repositories in memory, for unit tests of CreditsService without PostgreSQL. Each
// class implements the methods CreditsService calls, with the same signatures (checked by `implements`)
// and the rules the repositories' SQL documents: the spend order of lots, one lot per source ref, one
// reservation per ref, a ledger entry for every change of a lot. A transaction that throws leaves
// nothing behind, as a rolled-back one would. The SQL itself is covered by the integration tests.
import { randomUUID } from 'node:crypto';
import type { PurchaseEvent } from '@printloom/contracts';
import type { EntityManager } from 'typeorm';
import type { CreditLot, LotKind, Reservation, TrialWithheld } from '../../src/domain/records.js';
import type { AccountRepository } from '../../src/repositories/account.repository.js';
import type { LedgerRepository } from '../../src/repositories/ledger.repository.js';
import type { PurchaseEventRepository } from '../../src/repositories/purchase-event.repository.js';
import type { TrialRepository } from '../../src/repositories/trial.repository.js';

/** Stands for the transaction's EntityManager: the in-memory repositories never look inside it. */
const TX = {} as EntityManager;

export interface StoredLot {
  id: string;
  userId: string;
  kind: LotKind;
  sourceRef: string;
  granted: number;
  remaining: number;
  expiresAt: Date | null;
  /** Insertion order, the last tie-breaker of the spend order (created_at in SQL). */
  seq: number;
}

export interface StoredReservation extends Reservation {
  ref: string;
  reason: string;
  createdAt: Date;
  parts: Array<{ lotId: string; amount: number }>;
}

export interface StoredEntry {
  userId: string;
  lotId: string | null;
  reservationId: string | null;
  kind: 'grant' | 'reserve' | 'release' | 'expire';
  delta: number;
  at: Date;
  seq: number;
}

/** Everything the in-memory repositories hold; one object so a failed transaction can restore it. */
export interface BillingMemory {
  lots: StoredLot[];
  reservations: StoredReservation[];
  entries: StoredEntry[];
  accounts: Map<string, string>;
  trialDecisions: Array<{ userId: string; ip: string | null; granted: boolean; withheldBecause?: TrialWithheld; decidedAt: Date }>;
  /** The keyed hashes of people who had a trial, and the account that had it. */
  trialPeople: Map<string, string>;
  purchaseEvents: Array<{ userId: string; sourceRef: string; event: PurchaseEvent }>;
  /** Users locked by each transaction, in order (every credit movement must lock its user). */
  lockedUsers: string[];
}

export function emptyBillingMemory(): BillingMemory {
  return {
    lots: [],
    reservations: [],
    entries: [],
    accounts: new Map(),
    trialDecisions: [],
    trialPeople: new Map(),
    purchaseEvents: [],
    lockedUsers: [],
  };
}

type LedgerMethods =
  | 'transaction'
  | 'lockUser'
  | 'history'
  | 'balance'
  | 'spendableLots'
  | 'grantLot'
  | 'hasLot'
  | 'findReservationByRef'
  | 'lockReservation'
  | 'createReservation'
  | 'settle'
  | 'returnCredits'
  | 'claimStaleReservation'
  | 'expireDueLots'
  | 'usersWithExpiredLots';

const isLive = (lot: StoredLot, now: Date) => lot.expiresAt === null || lot.expiresAt > now;

export class InMemoryLedger implements Pick<LedgerRepository, LedgerMethods> {
  private seq = 0;

  constructor(readonly memory: BillingMemory = emptyBillingMemory()) {}

  async transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const before = structuredClone(this.memory);
    try {
      return await work(TX);
    } catch (error) {
      Object.assign(this.memory, before);
      throw error;
    }
  }

  async lockUser(_tx: EntityManager, userId: string): Promise<void> {
    this.memory.lockedUsers.push(userId);
  }

  async history(
    userId: string,
    limit: number,
  ): Promise<Array<{ at: Date; kind: string; source: LotKind | null; reason: string | null; delta: number }>> {
    // One movement per (kind, reservation); entries without a reservation stand alone. Newest first.
    const movements = new Map<
      string,
      { at: Date; kind: string; source: LotKind | null; reason: string | null; delta: number; seq: number }
    >();
    for (const entry of this.memory.entries.filter((candidate) => candidate.userId === userId)) {
      const key = entry.reservationId ? `${entry.kind}:${entry.reservationId}` : `entry:${entry.seq}`;
      const reservation = this.memory.reservations.find((candidate) => candidate.id === entry.reservationId);
      const lot = this.memory.lots.find((candidate) => candidate.id === entry.lotId);
      const movement = movements.get(key) ?? {
        at: entry.at,
        kind: entry.kind,
        source: reservation ? null : (lot?.kind ?? null),
        reason: reservation?.reason ?? null,
        delta: 0,
        seq: entry.seq,
      };
      movement.delta += entry.delta;
      movement.seq = Math.max(movement.seq, entry.seq);
      movements.set(key, movement);
    }
    return [...movements.values()]
      .sort((a, b) => b.seq - a.seq)
      .slice(0, limit)
      .map(({ seq: _seq, ...movement }) => movement);
  }

  async balance(userId: string): Promise<number> {
    const now = new Date();
    return this.memory.lots.filter((lot) => lot.userId === userId && isLive(lot, now)).reduce((sum, lot) => sum + lot.remaining, 0);
  }

  /** Soonest expiry first (no expiry last), then trial/plan/rollover before paid top-ups, then oldest. */
  async spendableLots(_tx: EntityManager, userId: string): Promise<CreditLot[]> {
    const now = new Date();
    const expiry = (lot: StoredLot) => lot.expiresAt?.getTime() ?? Infinity;
    return this.memory.lots
      .filter((lot) => lot.userId === userId && lot.remaining > 0 && isLive(lot, now))
      .sort((a, b) => expiry(a) - expiry(b) || Number(a.kind === 'topup') - Number(b.kind === 'topup') || a.seq - b.seq)
      .map((lot) => ({ id: lot.id, kind: lot.kind, remaining: lot.remaining, expiresAt: lot.expiresAt }));
  }

  async grantLot(
    _tx: EntityManager,
    lot: { userId: string; kind: LotKind; sourceRef: string; credits: number; expiresAt: Date | null },
  ): Promise<boolean> {
    if (this.memory.lots.some((existing) => existing.sourceRef === lot.sourceRef)) return false;
    const id = randomUUID();
    this.memory.lots.push({
      id,
      userId: lot.userId,
      kind: lot.kind,
      sourceRef: lot.sourceRef,
      granted: lot.credits,
      remaining: lot.credits,
      expiresAt: lot.expiresAt,
      seq: this.next(),
    });
    this.entry({ userId: lot.userId, lotId: id, kind: 'grant', delta: lot.credits });
    return true;
  }

  async hasLot(_tx: EntityManager, sourceRef: string): Promise<boolean> {
    return this.memory.lots.some((lot) => lot.sourceRef === sourceRef);
  }

  async findReservationByRef(_tx: EntityManager, ref: string): Promise<Reservation | null> {
    const found = this.memory.reservations.find((reservation) => reservation.ref === ref);
    return found ? this.asReservation(found) : null;
  }

  async lockReservation(_tx: EntityManager, id: string): Promise<Reservation | null> {
    const found = this.memory.reservations.find((reservation) => reservation.id === id);
    return found ? this.asReservation(found) : null;
  }

  async createReservation(
    _tx: EntityManager,
    input: { userId: string; ref: string; reason: string; amount: number; parts: Array<{ lotId: string; amount: number }> },
  ): Promise<string> {
    const id = randomUUID();
    this.memory.reservations.push({
      id,
      userId: input.userId,
      ref: input.ref,
      reason: input.reason,
      amount: input.amount,
      status: 'held',
      createdAt: new Date(),
      parts: input.parts,
    });
    for (const part of input.parts) {
      this.lot(part.lotId).remaining -= part.amount;
      this.entry({ userId: input.userId, lotId: part.lotId, reservationId: id, kind: 'reserve', delta: -part.amount });
    }
    return id;
  }

  async settle(_tx: EntityManager, id: string, status: 'committed' | 'released'): Promise<void> {
    this.reservation(id).status = status;
  }

  async returnCredits(_tx: EntityManager, reservation: Reservation): Promise<void> {
    for (const part of this.reservation(reservation.id).parts) {
      this.lot(part.lotId).remaining += part.amount;
      this.entry({ userId: reservation.userId, lotId: part.lotId, reservationId: reservation.id, kind: 'release', delta: part.amount });
    }
  }

  async claimStaleReservation(_tx: EntityManager, olderThanMs: number): Promise<Reservation | null> {
    const cutoff = Date.now() - olderThanMs;
    const stale = this.memory.reservations
      .filter((reservation) => reservation.status === 'held' && reservation.createdAt.getTime() < cutoff)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
    return stale ? this.asReservation(stale) : null;
  }

  async expireDueLots(_tx: EntityManager, userId: string): Promise<number> {
    const now = new Date();
    let expired = 0;
    for (const lot of this.memory.lots.filter(
      (candidate) => candidate.userId === userId && candidate.remaining > 0 && !isLive(candidate, now),
    )) {
      this.entry({ userId, lotId: lot.id, kind: 'expire', delta: -lot.remaining });
      expired += lot.remaining;
      lot.remaining = 0;
    }
    return expired;
  }

  async usersWithExpiredLots(limit: number): Promise<string[]> {
    const now = new Date();
    const users = this.memory.lots.filter((lot) => lot.remaining > 0 && !isLive(lot, now)).map((lot) => lot.userId);
    return [...new Set(users)].slice(0, limit);
  }

  private asReservation({ id, userId, amount, status }: StoredReservation): Reservation {
    return { id, userId, amount, status };
  }

  private lot(id: string): StoredLot {
    const found = this.memory.lots.find((lot) => lot.id === id);
    if (!found) throw new Error(`no lot ${id}`);
    return found;
  }

  private reservation(id: string): StoredReservation {
    const found = this.memory.reservations.find((reservation) => reservation.id === id);
    if (!found) throw new Error(`no reservation ${id}`);
    return found;
  }

  private entry(entry: { userId: string; lotId: string; reservationId?: string; kind: StoredEntry['kind']; delta: number }): void {
    this.memory.entries.push({ reservationId: null, ...entry, at: new Date(), seq: this.next() });
  }

  private next(): number {
    this.seq += 1;
    return this.seq;
  }
}

export class InMemoryAccounts implements Pick<AccountRepository, 'remember'> {
  constructor(private readonly memory: BillingMemory) {}

  async remember(_tx: EntityManager, userId: string, email: string): Promise<void> {
    this.memory.accounts.set(userId, email);
  }
}

export class InMemoryTrials implements Pick<
  TrialRepository,
  'decisionOf' | 'lockAddress' | 'grantedFromAddressSince' | 'record' | 'lockPerson' | 'trialHolderOf' | 'rememberPerson'
> {
  constructor(private readonly memory: BillingMemory) {}

  async decisionOf(userId: string): Promise<{ granted: boolean } | null> {
    const decision = this.memory.trialDecisions.find((candidate) => candidate.userId === userId);
    return decision ? { granted: decision.granted } : null;
  }

  async lockAddress(): Promise<void> {}

  async grantedFromAddressSince(_tx: EntityManager, ip: string, since: Date): Promise<number> {
    return this.memory.trialDecisions.filter((decision) => decision.granted && decision.ip === ip && decision.decidedAt > since).length;
  }

  async record(
    _tx: EntityManager,
    decision: { userId: string; ip: string | null; granted: boolean; withheldBecause?: TrialWithheld },
  ): Promise<void> {
    if (this.memory.trialDecisions.some((existing) => existing.userId === decision.userId)) return;
    this.memory.trialDecisions.push({ ...decision, decidedAt: new Date() });
  }

  async lockPerson(): Promise<void> {}

  async trialHolderOf(_tx: EntityManager, emailHash: string): Promise<string | null> {
    return this.memory.trialPeople.get(emailHash) ?? null;
  }

  async rememberPerson(_tx: EntityManager, emailHash: string, userId: string): Promise<void> {
    if (!this.memory.trialPeople.has(emailHash)) this.memory.trialPeople.set(emailHash, userId);
  }
}

export class InMemoryPurchaseEvents implements Pick<PurchaseEventRepository, 'record'> {
  constructor(private readonly memory: BillingMemory) {}

  async record(_tx: EntityManager, userId: string, sourceRef: string, event: PurchaseEvent): Promise<void> {
    if (this.memory.purchaseEvents.some((existing) => existing.sourceRef === sourceRef)) return;
    this.memory.purchaseEvents.push({ userId, sourceRef, event });
  }
}
