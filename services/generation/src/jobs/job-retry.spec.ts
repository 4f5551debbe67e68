import { describe, expect, it } from '@jest/globals';
import { jserrors } from '@nats-io/jetstream/internal';
import { errors as natsErrors } from '@nats-io/transport-node';
import { AppError } from '@printloom/contracts';
import { ProviderError } from '../providers/image-provider.js';
import { jobRetryOf, MAX_PROVIDER_ATTEMPTS } from './job-retry.js';

const cutOff = () => new natsErrors.RequestError('connection disconnected');
const publishWithoutLeader = () =>
  new jserrors.JetStreamNotEnabled('jetstream is not enabled', {
    cause: new natsErrors.RequestError('no responders', { cause: new natsErrors.NoRespondersError('generation.jobs.0') }),
  });

describe('jobRetryOf', () => {
  it.each([
    [
      'assets or billing unreachable (UNAVAILABLE)',
      new AppError('UNAVAILABLE', 'The assets service is unavailable. Please try again shortly.'),
    ],
    [
      'assets or billing not answering in time (TIMEOUT)',
      new AppError('TIMEOUT', 'The billing service did not answer in time. Please try again.'),
    ],
    ['a NATS request or flush cut off by a failover', cutOff()],
    ['a JetStream publish while the stream has no leader', publishWithoutLeader()],
    ['a NATS time-out', new natsErrors.TimeoutError()],
  ])('always retries %s, even after the provider attempts are spent', (_name, error) => {
    expect(jobRetryOf(error, 1, 1)).toEqual({ retry: true, delayMs: 1_000 });
    expect(jobRetryOf(error, MAX_PROVIDER_ATTEMPTS, 1)).toEqual({ retry: true, delayMs: 1_000 });
    expect(jobRetryOf(error, MAX_PROVIDER_ATTEMPTS + 3, 1)).toMatchObject({ retry: true });
  });

  it('waits longer with each delivery of a job that keeps meeting a failover, up to 10 s', () => {
    expect([1, 2, 3, 4, 5, 9].map((deliveries) => jobRetryOf(cutOff(), 1, deliveries))).toEqual(
      [1_000, 2_000, 4_000, 8_000, 10_000, 10_000].map((delayMs) => ({ retry: true, delayMs })),
    );
  });

  it('fails a job another service refused or broke on (its answer would be the same again)', () => {
    expect(jobRetryOf(new AppError('INTERNAL', 'Internal error'), 1, 1)).toEqual({ retry: false });
    expect(jobRetryOf(new AppError('CONFLICT', 'Reservation is already released'), 1, 1)).toEqual({ retry: false });
    expect(jobRetryOf(new Error('unexpected'), 1, 1)).toEqual({ retry: false });
    expect(jobRetryOf(new natsErrors.ClosedConnectionError(), 1, 1)).toEqual({ retry: false });
  });

  it('retries a retryable provider error after its retry-after until the paid attempts are spent', () => {
    const busy = new ProviderError('The image provider is busy right now.', true, 'busy', 5_000);
    expect(jobRetryOf(busy, 1, 1)).toEqual({ retry: true, delayMs: 5_000 });
    expect(jobRetryOf(ProviderError.of('timeout', true), 3, 7)).toEqual({ retry: true, delayMs: 3_000 });
    expect(jobRetryOf(busy, MAX_PROVIDER_ATTEMPTS, 1)).toEqual({ retry: false });
  });

  it('fails a provider error that is not retryable at once', () => {
    expect(jobRetryOf(new ProviderError('refused', false, 'policy'), 1, 1)).toEqual({ retry: false });
  });
});
