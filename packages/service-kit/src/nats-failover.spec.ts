import { describe, expect, it } from '@jest/globals';
import { JetStreamApiError, JetStreamStatusError, jserrors } from '@nats-io/jetstream/internal';
import { errors as natsErrors } from '@nats-io/transport-node';
import type { ArgumentsHost } from '@nestjs/common';
import { pino } from 'pino';
import { lastValueFrom } from 'rxjs';
import { AppError } from '@printloom/contracts';
import { failoverBackoffMs, isNatsFailoverError, retryDuringFailover } from './nats-failover.js';
import { FAILOVER_MESSAGE, RpcErrorFilter } from './rpc-handling.js';

/** The errors as the NATS client builds them (nats-core request.js, protocol.js; jetstream jsclient.js). */
const timedOut = () => new natsErrors.TimeoutError();
const noResponders = () => new natsErrors.RequestError('no responders', { cause: new natsErrors.NoRespondersError('jobs.0') });
/** A request or flush pending when the client dropped its connection to a node that died. */
const cutOff = () => Object.assign(new natsErrors.RequestError('connection disconnected'), { stack: '' });
/** A JetStream publish that met no responders: the stream had no leader to store it. */
const publishWithoutLeader = () => new jserrors.JetStreamNotEnabled('jetstream is not enabled', { cause: noResponders() });
const apiError = (code: number, errCode: number, description: string) => new JetStreamApiError({ code, err_code: errCode, description });

describe('isNatsFailoverError', () => {
  it.each([
    ['a request that timed out', timedOut()],
    ['no responders', new natsErrors.NoRespondersError('assets.asset.ingest')],
    ['a request error caused by no responders', noResponders()],
    ['a flush or request cut off by the connection dropping', cutOff()],
    ['a JetStream publish that found no stream leader', publishWithoutLeader()],
    ['"JetStream system temporarily unavailable"', apiError(503, 10008, 'jetstream system temporarily unavailable')],
    ['"JetStream cluster can not handle request"', apiError(500, 10009, 'jetstream cluster can not handle request')],
    ['a JetStream 503 status', new JetStreamStatusError('no responders', 503)],
    ['an error whose cause is a time-out', new Error('ingest failed', { cause: timedOut() })],
  ])('is true for %s', (_name, error) => {
    expect(isNatsFailoverError(error)).toBe(true);
  });

  it.each([
    ['our own connection closed', new natsErrors.ClosedConnectionError()],
    ['our own connection draining', new natsErrors.DrainingConnectionError()],
    [
      'a request cut off because our connection closed',
      new natsErrors.RequestError('closed', { cause: new natsErrors.ClosedConnectionError() }),
    ],
    ['a stream that does not exist', apiError(404, 10059, 'stream not found')],
    [
      'JetStream not enabled for the account',
      new jserrors.JetStreamNotEnabled('jetstream not enabled for account', {
        cause: apiError(503, 10039, 'jetstream not enabled for account'),
      }),
    ],
    ['a JetStream 409 status', new JetStreamStatusError('consumer deleted', 409)],
    ['a service error', new AppError('INTERNAL', 'Internal error')],
    ['an unavailable service (the RPC client already names it)', new AppError('UNAVAILABLE', 'The billing service is unavailable.')],
    ['a plain error', new Error('boom')],
    ['a thrown string', 'timeout'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isNatsFailoverError(error)).toBe(false);
  });

  it('gives up following a cause chain that does not end', () => {
    const looped = new Error('a');
    (looped as { cause?: unknown }).cause = looped;
    expect(isNatsFailoverError(looped)).toBe(false);
  });
});

describe('failoverBackoffMs', () => {
  it('doubles from the first pause and stops at the ceiling', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => failoverBackoffMs(attempt, 100, 2_000))).toEqual([100, 200, 400, 800, 1600, 2000]);
  });
});

describe('retryDuringFailover', () => {
  /** A clock that moves only when the retry sleeps. */
  function fakeClock() {
    let now = 0;
    const sleeps: number[] = [];
    return {
      sleeps,
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    };
  }

  it('tries again with back-off while the cluster fails over, and answers the first success', async () => {
    const clock = fakeClock();
    const failures = [cutOff(), timedOut(), publishWithoutLeader()];
    let tries = 0;
    const result = await retryDuringFailover(
      async () => {
        tries += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'stored';
      },
      { maxWaitMs: 10_000, initialDelayMs: 100, ...clock },
    );
    expect(result).toBe('stored');
    expect(tries).toBe(4);
    expect(clock.sleeps).toEqual([100, 200, 400]);
  });

  it('throws any other error at once, without trying again', async () => {
    const clock = fakeClock();
    let tries = 0;
    const refused = new AppError('CONFLICT', 'Reservation is already released');
    await expect(
      retryDuringFailover(
        async () => {
          tries += 1;
          throw refused;
        },
        { maxWaitMs: 10_000, ...clock },
      ),
    ).rejects.toBe(refused);
    expect(tries).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('throws the last failover error once its time is up, its last pause cut to what was left', async () => {
    const clock = fakeClock();
    const last = timedOut();
    let tries = 0;
    await expect(
      retryDuringFailover(
        async () => {
          tries += 1;
          throw tries < 5 ? cutOff() : last;
        },
        { maxWaitMs: 1_000, initialDelayMs: 100, maxDelayMs: 2_000, ...clock },
      ),
    ).rejects.toBe(last);
    expect(clock.sleeps).toEqual([100, 200, 400, 300]);
    expect(tries).toBe(5);
  });
});

describe('RpcErrorFilter', () => {
  const filter = new RpcErrorFilter(pino({ level: 'silent' }));
  const answer = (error: unknown) => lastValueFrom(filter.catch(error, {} as ArgumentsHost));

  it('answers UNAVAILABLE, which callers try again, for a handler cut off by a NATS failover', async () => {
    await expect(answer(cutOff())).rejects.toEqual({ code: 'UNAVAILABLE', message: FAILOVER_MESSAGE });
    await expect(answer(publishWithoutLeader())).rejects.toEqual({ code: 'UNAVAILABLE', message: FAILOVER_MESSAGE });
  });

  it('still answers INTERNAL for any other unknown error, and a service error as it is', async () => {
    await expect(answer(new Error('boom'))).rejects.toEqual({ code: 'INTERNAL', message: 'Internal error' });
    await expect(answer(new AppError('CONFLICT', 'Reservation is already released'))).rejects.toEqual({
      code: 'CONFLICT',
      message: 'Reservation is already released',
    });
  });
});
