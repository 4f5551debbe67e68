import { AppError, BILLING, type RpcRequestInput } from '@printloom/contracts';
import type { Logger } from './logger.js';
import type { RpcClient } from './rpc-client.js';

/** Who, how much, for what, and the idempotency key (a retry with the same ref finds the same reservation). */
export type ReservationRequest = RpcRequestInput<typeof BILLING.reserve>;

export interface ReservationOptions {
  /** Where a failed release is reported (billing's sweeper returns those credits later). */
  logger: Pick<Logger, 'error'>;
  /** Fields that say which work the credits were for in that report (a job id). */
  logFields?: Record<string, unknown>;
  /** The caller's request id when it is not the ambient one (the gateway's HTTP request). */
  requestId?: string;
}

export const RELEASE_FAILED_LOG = 'Release failed; the billing sweeper will return the credits';

type BillingRpc = Pick<RpcClient, 'request'>;

/**
 * Credits held for one piece of work and settled once: committed when the work is delivered,
 * released when it is not. Billing makes each settle idempotent across processes (a second commit or
 * release changes nothing, the opposite one answers CONFLICT); this object also refuses, within one
 * process, to commit what it released, with billing's own words.
 */
export class CreditReservation {
  private state: 'held' | 'committed' | 'released' = 'held';

  private constructor(
    private readonly rpc: BillingRpc,
    readonly id: string,
    private readonly options: ReservationOptions,
  ) {}

  /** Takes the credits from the balance (INSUFFICIENT_CREDITS when there are not enough). */
  static async reserve(rpc: BillingRpc, request: ReservationRequest, options: ReservationOptions): Promise<CreditReservation> {
    const { reservationId } = await rpc.request(BILLING.reserve, request, { requestId: options.requestId });
    return new CreditReservation(rpc, reservationId, options);
  }

  /** A reservation made earlier, perhaps by another process (a queued job's), to settle by its id. */
  static of(rpc: BillingRpc, reservationId: string, options: ReservationOptions): CreditReservation {
    return new CreditReservation(rpc, reservationId, options);
  }

  /**
   * Takes `amount` of these credits into a reservation of their own, settled separately (a batch's
   * row becoming a job). Idempotent by `ref`: a retry answers the same reservation. CONFLICT when these
   * credits were settled or fewer than `amount` are left.
   */
  async split(amount: number, ref: string): Promise<CreditReservation> {
    if (this.state !== 'held') throw new AppError('CONFLICT', `Reservation is already ${this.state}`);
    const { reservationId } = await this.rpc.request(
      BILLING.split,
      { reservationId: this.id, amount, ref },
      { requestId: this.options.requestId },
    );
    return new CreditReservation(this.rpc, reservationId, this.options);
  }

  /** Spends the credits and answers the balance after; CONFLICT when they were released meanwhile. */
  async commit(): Promise<number> {
    if (this.state === 'released') throw new AppError('CONFLICT', 'Reservation is already released');
    const { balance } = await this.rpc.request(BILLING.commit, { reservationId: this.id }, { requestId: this.options.requestId });
    this.state = 'committed';
    return balance;
  }

  /**
   * Gives the credits back unless they were committed. Never throws: the error that led here is the
   * one the caller must see, and billing's sweeper returns what a failed release leaves held.
   */
  async release(): Promise<void> {
    if (this.state !== 'held') return;
    this.state = 'released';
    try {
      await this.rpc.request(BILLING.release, { reservationId: this.id }, { requestId: this.options.requestId });
    } catch (error) {
      this.options.logger.error({ ...this.options.logFields, err: error, reservationId: this.id }, RELEASE_FAILED_LOG);
    }
  }

  /**
   * Gives the credits back and throws when billing did not confirm it: for credits no sweeper returns
   * (a batch's), whose owner must try again until it is done. Releasing a released reservation is a no-op.
   */
  async releaseOrThrow(): Promise<number> {
    if (this.state === 'committed') throw new AppError('CONFLICT', 'Reservation is already committed');
    const { balance } = await this.rpc.request(BILLING.release, { reservationId: this.id }, { requestId: this.options.requestId });
    this.state = 'released';
    return balance;
  }
}

/**
 * Reserve → work → commit, in one process (an upscale, a describe): the work's result and the
 * balance after the commit. Any failure before the commit is confirmed (the work's, or the commit's
 * own) releases the credits and rethrows the original error. The ref should be new per attempt: a
 * retry with the ref of a released reservation finds it released.
 */
export async function withReservation<T>(
  rpc: BillingRpc,
  request: ReservationRequest,
  work: (reservation: CreditReservation) => Promise<T>,
  options: ReservationOptions,
): Promise<{ result: T; balance: number }> {
  const reservation = await CreditReservation.reserve(rpc, request, options);
  return releasingOnFailure(reservation, async () => {
    const result = await work(reservation);
    return { result, balance: await reservation.commit() };
  });
}

/**
 * Reserve now, settle later (a queued job): the credits are held while `handOver` records the
 * reservation for the process that will settle it by id (`CreditReservation.of`), and released only
 * when the hand-over fails, rethrowing its error.
 */
export async function handOverReservation<T>(
  rpc: BillingRpc,
  request: ReservationRequest,
  handOver: (reservation: CreditReservation) => Promise<T>,
  options: ReservationOptions,
): Promise<T> {
  const reservation = await CreditReservation.reserve(rpc, request, options);
  return releasingOnFailure(reservation, () => handOver(reservation));
}

async function releasingOnFailure<T>(reservation: CreditReservation, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await reservation.release();
    throw error;
  }
}
