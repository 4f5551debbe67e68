// A stand-in for the billing service's credit subjects, for unit tests of code that reserves, commits
// and releases credits (no NATS, no PostgreSQL). It keeps billing's rules: reserve is idempotent by
// ref, a settle repeated is a no-op, the opposite settle is a CONFLICT, a reserve beyond the balance
// is INSUFFICIENT_CREDITS.
import { AppError, BILLING, MESSAGES } from '@printloom/contracts';
import type { RpcClient } from './rpc-client.js';

interface HeldReservation {
  id: string;
  userId: string;
  amount: number;
  ref: string;
  status: 'held' | 'committed' | 'released';
}

type Handler = (payload: Record<string, unknown>) => unknown;

export class InMemoryBilling {
  readonly reservations = new Map<string, HeldReservation>();
  /** Every request in order, billing's and the others answered with `answer`. */
  readonly calls: Array<{ subject: string; payload: Record<string, unknown> }> = [];
  private readonly balances = new Map<string, number>();
  private readonly failures = new Map<string, unknown[]>();
  private readonly handlers = new Map<string, Handler>();
  private sequence = 0;

  /** What the code under test holds as its RpcClient. */
  readonly rpc = { request: (subject: string, payload: unknown) => this.request(subject, payload) } as unknown as RpcClient;

  grant(userId: string, credits: number): this {
    this.balances.set(userId, this.balance(userId) + credits);
    return this;
  }

  balance(userId: string): number {
    return this.balances.get(userId) ?? 0;
  }

  /** The next request on `subject` fails with `error` (queued: call again for the one after). */
  failNext(subject: string, error: unknown): this {
    this.failures.set(subject, [...(this.failures.get(subject) ?? []), error]);
    return this;
  }

  /** Answers another service's subject (assets' ingest, ...). */
  answer(subject: string, handler: Handler): this {
    this.handlers.set(subject, handler);
    return this;
  }

  /** The requests made on one subject, in order. */
  requests(subject: string): Array<Record<string, unknown>> {
    return this.calls.filter((call) => call.subject === subject).map((call) => call.payload);
  }

  private async request(subject: string, raw: unknown): Promise<unknown> {
    const payload = raw as Record<string, unknown>;
    this.calls.push({ subject, payload });
    await Promise.resolve();
    const failure = this.failures.get(subject)?.shift();
    if (failure !== undefined) throw failure;
    switch (subject) {
      case BILLING.reserve:
        return this.reserve(payload as { userId: string; amount: number; ref: string });
      case BILLING.commit:
        return this.settle(payload.reservationId as string, 'committed');
      case BILLING.release:
        return this.settle(payload.reservationId as string, 'released');
      case BILLING.split:
        return this.split(payload as { reservationId: string; amount: number; ref: string });
    }
    const handler = this.handlers.get(subject);
    if (!handler) throw new AppError('NOT_IMPLEMENTED', `No in-memory answer for ${subject}`);
    return handler(payload);
  }

  private reserve(input: { userId: string; amount: number; ref: string }): { reservationId: string; balance: number } {
    const existing = [...this.reservations.values()].find((reservation) => reservation.ref === input.ref);
    if (existing) {
      if (existing.userId !== input.userId) throw new AppError('CONFLICT', 'This reservation reference belongs to another account');
      return { reservationId: existing.id, balance: this.balance(input.userId) };
    }
    if (this.balance(input.userId) < input.amount) throw new AppError('INSUFFICIENT_CREDITS', MESSAGES.insufficientCredits);
    this.sequence += 1;
    const id = `00000000-0000-4000-8000-${String(this.sequence).padStart(12, '0')}`;
    this.reservations.set(id, { id, userId: input.userId, amount: input.amount, ref: input.ref, status: 'held' });
    this.balances.set(input.userId, this.balance(input.userId) - input.amount);
    return { reservationId: id, balance: this.balance(input.userId) };
  }

  private split(input: { reservationId: string; amount: number; ref: string }): { reservationId: string; remaining: number } {
    const from = this.reservations.get(input.reservationId);
    if (!from) throw new AppError('NOT_FOUND', 'Reservation not found');
    const existing = [...this.reservations.values()].find((reservation) => reservation.ref === input.ref);
    if (existing) return { reservationId: existing.id, remaining: from.amount };
    if (from.status !== 'held') throw new AppError('CONFLICT', `Reservation is already ${from.status}`);
    if (from.amount < input.amount) throw new AppError('CONFLICT', 'Reservation holds fewer credits than asked');
    this.sequence += 1;
    const id = `00000000-0000-4000-8000-${String(this.sequence).padStart(12, '0')}`;
    this.reservations.set(id, { id, userId: from.userId, amount: input.amount, ref: input.ref, status: 'held' });
    from.amount -= input.amount;
    return { reservationId: id, remaining: from.amount };
  }

  private settle(id: string, status: 'committed' | 'released'): { balance: number } {
    const reservation = this.reservations.get(id);
    if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
    if (reservation.status !== status) {
      if (reservation.status !== 'held') throw new AppError('CONFLICT', `Reservation is already ${reservation.status}`);
      if (status === 'released') this.balances.set(reservation.userId, this.balance(reservation.userId) + reservation.amount);
      reservation.status = status;
    }
    return { balance: this.balance(reservation.userId) };
  }
}
