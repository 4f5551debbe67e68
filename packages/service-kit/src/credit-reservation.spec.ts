import { describe, expect, it, jest } from '@jest/globals';
import { AppError, BILLING } from '@printloom/contracts';
import { CreditReservation, handOverReservation, RELEASE_FAILED_LOG, withReservation } from './credit-reservation.js';
import { InMemoryBilling } from './in-memory-billing.js';

const userId = '11111111-1111-4111-8111-111111111111';
const request = { userId, amount: 2, reason: 'upscale' as const, ref: 'upscale:asset:2:attempt' };

function setup(credits = 10) {
  const billing = new InMemoryBilling().grant(userId, credits);
  const logger = { error: jest.fn() };
  return { billing, logger, options: { logger } };
}

function settles(billing: InMemoryBilling): string[] {
  return billing.calls.filter((call) => call.subject !== BILLING.reserve).map((call) => call.subject);
}

describe('withReservation', () => {
  it('reserves, runs the work, commits once and answers the result with the balance after', async () => {
    const { billing, options } = setup();
    const work = jest.fn(async (reservation: CreditReservation) => `made with ${reservation.id}`);
    const outcome = await withReservation(billing.rpc, request, work, options);
    const [reserved] = billing.requests(BILLING.reserve);
    expect(reserved).toEqual(request);
    const [held] = billing.reservations.values();
    expect(outcome).toEqual({ result: `made with ${held.id}`, balance: 8 });
    expect(work).toHaveBeenCalledTimes(1);
    expect(settles(billing)).toEqual([BILLING.commit]);
    expect(held.status).toBe('committed');
  });

  it('releases when the work fails and rethrows the work’s own error', async () => {
    const { billing, options, logger } = setup();
    const failure = new AppError('UNPROCESSABLE', 'This image is already large');
    await expect(withReservation(billing.rpc, request, async () => Promise.reject(failure), options)).rejects.toBe(failure);
    expect(settles(billing)).toEqual([BILLING.release]);
    expect(billing.balance(userId)).toBe(10);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('never lets a failed release mask the original error: it is logged for the sweeper', async () => {
    const { billing, options, logger } = setup();
    billing.failNext(BILLING.release, new AppError('UNAVAILABLE', 'The billing service is unavailable.'));
    const failure = new Error('disk full');
    await expect(withReservation(billing.rpc, request, async () => Promise.reject(failure), options)).rejects.toBe(failure);
    const [held] = billing.reservations.values();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ reservationId: held.id }), RELEASE_FAILED_LOG);
    expect(held.status).toBe('held');
  });

  it('releases when the commit itself fails, and rethrows the commit’s error', async () => {
    const { billing, options } = setup();
    const timeout = new AppError('TIMEOUT', 'The billing service did not answer in time. Please try again.');
    billing.failNext(BILLING.commit, timeout);
    await expect(withReservation(billing.rpc, request, async () => 'done', options)).rejects.toBe(timeout);
    expect(settles(billing)).toEqual([BILLING.commit, BILLING.release]);
    expect(billing.balance(userId)).toBe(10);
  });

  it('runs no work and settles nothing when the reserve is refused', async () => {
    const { billing, options } = setup(1);
    const work = jest.fn(async () => 'never');
    await expect(withReservation(billing.rpc, request, work, options)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(work).not.toHaveBeenCalled();
    expect(settles(billing)).toEqual([]);
  });

  it('passes the caller’s request id to every billing request', async () => {
    const { billing, logger } = setup();
    const seen: unknown[] = [];
    const rpc = {
      request: (subject: never, payload: never, options: unknown) => (seen.push(options), billing.rpc.request(subject, payload)),
    };
    await withReservation(rpc, request, async () => 'ok', { logger, requestId: 'req-1' });
    expect(seen).toEqual([{ requestId: 'req-1' }, { requestId: 'req-1' }]);
  });
});

describe('CreditReservation', () => {
  it('never commits what it released, with billing’s words, and without asking billing', async () => {
    const { billing, options } = setup();
    const reservation = await CreditReservation.reserve(billing.rpc, request, options);
    await reservation.release();
    await expect(reservation.commit()).rejects.toMatchObject({ code: 'CONFLICT', message: 'Reservation is already released' });
    expect(settles(billing)).toEqual([BILLING.release]);
  });

  it('releases nothing once committed, and a second release is a no-op', async () => {
    const { billing, options } = setup();
    const committed = await CreditReservation.reserve(billing.rpc, request, options);
    await committed.commit();
    await committed.release();
    const released = await CreditReservation.reserve(billing.rpc, { ...request, ref: 'other' }, options);
    await released.release();
    await released.release();
    expect(settles(billing)).toEqual([BILLING.commit, BILLING.release]);
    expect(billing.balance(userId)).toBe(8);
  });

  it('settles by id a reservation another process made, idempotently on redelivery', async () => {
    const { billing, options } = setup();
    const made = await CreditReservation.reserve(billing.rpc, request, options);
    await expect(CreditReservation.of(billing.rpc, made.id, options).commit()).resolves.toBe(8);
    await expect(CreditReservation.of(billing.rpc, made.id, options).commit()).resolves.toBe(8);
    await expect(CreditReservation.of(billing.rpc, made.id, options).release()).resolves.toBeUndefined();
    expect(billing.reservations.get(made.id)?.status).toBe('committed');
  });
});

describe('handOverReservation', () => {
  it('leaves the credits held for a later settle when the hand-over succeeds', async () => {
    const { billing, options } = setup();
    const id = await handOverReservation(billing.rpc, request, async (reservation) => reservation.id, options);
    expect(billing.reservations.get(id)?.status).toBe('held');
    expect(settles(billing)).toEqual([]);
  });

  it('releases when the hand-over fails and rethrows its error, even when the release fails too', async () => {
    const { billing, options, logger } = setup();
    const failure = new Error('queue down');
    await expect(handOverReservation(billing.rpc, request, async () => Promise.reject(failure), options)).rejects.toBe(failure);
    expect(billing.balance(userId)).toBe(10);
    billing.failNext(BILLING.release, new AppError('TIMEOUT', 'late'));
    await expect(
      handOverReservation(billing.rpc, { ...request, ref: 'second' }, async () => Promise.reject(failure), {
        ...options,
        logFields: { jobId: 'j' },
      }),
    ).rejects.toBe(failure);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ jobId: 'j' }), RELEASE_FAILED_LOG);
  });
});
