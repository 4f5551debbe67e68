import { Inject, Injectable } from '@nestjs/common';
import { AppError, MESSAGES, TRIAL } from '@printloom/contracts';
import { LOGGER, type Logger } from '@printloom/service-kit';
import type { EntityManager } from 'typeorm';
import { allocate } from './domain/rollover.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { BILLING_CONFIG } from './billing.tokens.js';
import type { BillingConfig } from './config.js';

/** Reservations: credits leave a balance when reserved, and come back unless the work is committed. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly ledger: LedgerRepository,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  balance(userId: string): Promise<number> {
    return this.ledger.balance(userId);
  }

  /** Idempotent by ref: a retry returns the same reservation and charges nothing more. */
  async reserve(input: { userId: string; amount: number; reason: string; ref: string }): Promise<{ reservationId: string; balance: number }> {
    return this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, input.userId);
      const existing = await this.ledger.findReservationByRef(tx, input.ref);
      if (existing) {
        if (existing.user_id !== input.userId) throw new AppError('CONFLICT', 'This reservation reference belongs to another account');
        return { reservationId: existing.id, balance: await this.ledger.balance(input.userId, tx) };
      }
      const parts = allocate(await this.ledger.spendableLots(tx, input.userId), input.amount);
      if (!parts) throw new AppError('INSUFFICIENT_CREDITS', MESSAGES.insufficientCredits);
      const reservationId = await this.ledger.createReservation(tx, { ...input, parts });
      return { reservationId, balance: await this.ledger.balance(input.userId, tx) };
    });
  }

  commit(reservationId: string): Promise<{ balance: number }> {
    return this.settle(reservationId, 'committed');
  }

  release(reservationId: string): Promise<{ balance: number }> {
    return this.settle(reservationId, 'released');
  }

  /** The 10 trial credits, once per user whatever the number of events. */
  async grantTrial(userId: string): Promise<boolean> {
    return this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      const expiresAt = new Date(Date.now() + this.config.TRIAL_CREDITS_DAYS * 24 * 3600_000);
      return this.ledger.grantLot(tx, { userId, kind: 'trial', sourceRef: `trial:${userId}`, credits: TRIAL.credits, expiresAt });
    });
  }

  async grantTopup(userId: string, sourceRef: string, credits: number, inTransaction?: EntityManager): Promise<boolean> {
    const work = async (tx: EntityManager) => {
      await this.ledger.lockUser(tx, userId);
      return this.ledger.grantLot(tx, { userId, kind: 'topup', sourceRef, credits, expiresAt: null });
    };
    return inTransaction ? work(inTransaction) : this.ledger.transaction(work);
  }

  /** Releases reservations nobody settled in time and expires lots past their end. Safe in several instances. */
  async sweep(): Promise<{ released: number; expiredUsers: number }> {
    const stale = await this.ledger.transaction(async (tx) => {
      const reservations = await this.ledger.staleHeldReservations(tx, this.config.RESERVATION_TIMEOUT_MS, 100);
      for (const reservation of reservations) {
        await this.ledger.returnCredits(tx, reservation);
        await this.ledger.settle(tx, reservation.id, 'released');
      }
      return reservations.length;
    });
    if (stale > 0) this.logger.warn({ released: stale }, 'Released reservations that were never settled');
    const users = await this.ledger.usersWithExpiredLots(500);
    for (const userId of users) {
      await this.ledger.transaction(async (tx) => {
        await this.ledger.lockUser(tx, userId);
        await this.ledger.expireLots(tx, userId, 'expires_at <= now()');
      });
    }
    return { released: stale, expiredUsers: users.length };
  }

  private async settle(reservationId: string, status: 'committed' | 'released'): Promise<{ balance: number }> {
    return this.ledger.transaction(async (tx) => {
      const reservation = await this.ledger.lockReservation(tx, reservationId);
      if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
      await this.ledger.lockUser(tx, reservation.user_id);
      if (reservation.status === status) return { balance: await this.ledger.balance(reservation.user_id, tx) };
      if (reservation.status !== 'held') throw new AppError('CONFLICT', `Reservation is already ${reservation.status}`);
      if (status === 'released') await this.ledger.returnCredits(tx, reservation);
      await this.ledger.settle(tx, reservation.id, status);
      return { balance: await this.ledger.balance(reservation.user_id, tx) };
    });
  }
}
