import { JetStreamApiError, JetStreamStatusError } from '@nats-io/jetstream/internal';
import { errors as natsErrors } from '@nats-io/transport-node';

/**
 * JetStream API errors of a cluster between leaders (nats-server's errors.json):
 * 10008 "JetStream system temporarily unavailable", 10009 "JetStream cluster can not handle request".
 */
const ELECTING_API_CODES = new Set([10008, 10009]);
/** A cause chain is followed this far (a JetStream error wraps a request error wraps a time-out). */
const MAX_CAUSE_DEPTH = 4;

/**
 * Whether an error only says "NATS is failing over": the client is moving to another node of the
 * cluster, or a JetStream stream or consumer is electing a new leader. Such a request, publish or flush
 * may succeed when tried again in a moment, so it is never a reason to fail work:
 * - a request that timed out or found no responders (a 503, also what a JetStream publish meets while
 *   the stream has no leader, which the client reports as "jetstream is not enabled" with that cause);
 * - a request or flush cut off when the client's connection dropped ("connection disconnected");
 * - a JetStream API answer "temporarily unavailable" / "can not handle request", or a 503 status of a
 *   pull request.
 * Our own connection closed or draining (the process is stopping) is not one: trying again cannot help.
 */
export function isNatsFailoverError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  if (error instanceof natsErrors.ClosedConnectionError || error instanceof natsErrors.DrainingConnectionError) return false;
  if (error instanceof natsErrors.TimeoutError || error instanceof natsErrors.NoRespondersError) return true;
  // A request error says why in its cause (no responders, a time-out, our connection closed); without
  // one it was cut off by the client dropping its connection to a node ("connection disconnected").
  if (error instanceof natsErrors.RequestError) return error.cause === undefined || isNatsFailoverError(error.cause, depth + 1);
  // Not the status: "JetStream not enabled for the account" is a 503 too.
  if (error instanceof JetStreamApiError) return ELECTING_API_CODES.has(error.code);
  if (error instanceof JetStreamStatusError) return error.code === 503;
  return isNatsFailoverError(error.cause, depth + 1);
}

export interface FailoverRetryOptions {
  /** Stop trying again once this much time has passed since the first try (the last error is thrown). */
  maxWaitMs: number;
  /** The first pause; each next one doubles, up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Called before each pause (to log it). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The pause before try `attempt + 1` (attempt counts from 1): doubling from `initialMs`, at most `maxMs`. */
export function failoverBackoffMs(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Runs `attempt` and tries it again, with back-off, while it fails with a failover error (see
 * isNatsFailoverError) and `maxWaitMs` has not passed; any other error is thrown at once. `attempt`
 * must be safe to repeat (a publish with a message id, a broadcast that only invalidates caches).
 */
export async function retryDuringFailover<T>(attempt: () => Promise<T>, options: FailoverRetryOptions): Promise<T> {
  const { maxWaitMs, initialDelayMs = 100, maxDelayMs = 2_000, onRetry } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = now();
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isNatsFailoverError(error)) throw error;
      const left = started + maxWaitMs - now();
      if (left <= 0) throw error;
      const delayMs = Math.min(left, failoverBackoffMs(tries, initialDelayMs, maxDelayMs));
      onRetry?.(error, tries, delayMs);
      await sleep(delayMs);
    }
  }
}
