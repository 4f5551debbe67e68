import { AppError } from '@printloom/contracts';
import { failoverBackoffMs, isNatsFailoverError } from '@printloom/service-kit/nats-failover';
import { ProviderError } from '../providers/image-provider.js';

/** Runs of a job that hit a retryable provider error before it is failed and refunded (each run may pay for images). */
export const MAX_PROVIDER_ATTEMPTS = 4;
/** What another service answers when it could not be reached or did not answer in time (rpc-client.ts). */
const UNREACHED_CODES = new Set(['UNAVAILABLE', 'TIMEOUT']);
const UNREACHED_FIRST_DELAY_MS = 1_000;
const UNREACHED_MAX_DELAY_MS = 10_000;

export type JobRetry = { retry: true; delayMs: number } | { retry: false };

/**
 * What a job's run that threw should do next: be redelivered after `delayMs`, or fail and refund.
 * - Another service not reached (UNAVAILABLE, TIMEOUT; also what a handler answers when NATS failed over
 *   under it) or NATS itself failing over (a time-out, no responders, a stream electing a leader): the
 *   work is still wanted and every step is idempotent, so it is always tried again, each delivery
 *   waiting longer (`deliveries` counts this one), never failed for it.
 * - A provider error it calls retryable: again, until the job's `attempts` (paid runs) reach the limit,
 *   after the provider's retry-after when it gave one.
 * - Anything else fails the job.
 */
export function jobRetryOf(error: unknown, attempts: number, deliveries: number): JobRetry {
  if (error instanceof ProviderError) {
    if (!error.retryable || attempts >= MAX_PROVIDER_ATTEMPTS) return { retry: false };
    return { retry: true, delayMs: Math.max(1000 * attempts, error.retryAfterMs ?? 0) };
  }
  if ((error instanceof AppError && UNREACHED_CODES.has(error.code)) || isNatsFailoverError(error))
    return { retry: true, delayMs: failoverBackoffMs(deliveries, UNREACHED_FIRST_DELAY_MS, UNREACHED_MAX_DELAY_MS) };
  return { retry: false };
}
