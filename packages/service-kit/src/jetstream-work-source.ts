import type { JsMsg } from '@nats-io/jetstream';
import type { Settlement, WorkClaim, WorkSource } from './background-worker.js';
import { requestIdOf } from './message-headers.js';
import { extractTraceContext } from './tracing.js';

export interface JetStreamWorkSourceOptions<T> {
  /** The next message (one durable of a JetStreamWorkQueue, or a choice among several), or null. */
  next(): Promise<JsMsg | null>;
  /** The consumers' ack wait: a claim is renewed (`working()`) three times within it. */
  ackWaitMs: number;
  /** The handler keeps its message alive itself (`working()` on its own progress): no timer of the worker's. */
  renewedByHandler?: boolean;
  /** The work a message carries; a message it cannot read (it throws) is terminated, never redelivered. */
  read?(message: JsMsg): T;
}

/** JetStream's settlement of each of the worker's: ack, nak after a delay, nak at once (redelivered now). */
export function settleMessage(message: JsMsg, settlement: Settlement): void {
  if (settlement.settled === 'done') message.ack();
  else if (settlement.settled === 'later') message.nak(Math.max(100, settlement.inMs));
  else message.nak();
}

/**
 * The JetStream work queue as a worker's source: a delivered message is the claim, its ack wait the
 * lease (`working()` is the heartbeat), a redelivery after the ack wait the lease lost. A message a
 * handler settled itself is left alone (the client sends nothing for a settled message).
 */
export function jetStreamWorkSource<T = JsMsg>(options: JetStreamWorkSourceOptions<T>): WorkSource<T> {
  const read = options.read ?? ((message: JsMsg) => message as unknown as T);
  return {
    heartbeatMs: options.renewedByHandler ? 0 : Math.max(1_000, Math.floor(options.ackWaitMs / 3)),
    async take(): Promise<WorkClaim<T> | null> {
      for (;;) {
        const message = await options.next();
        if (!message) return null;
        let work: T;
        try {
          work = read(message);
        } catch {
          message.term();
          continue;
        }
        return {
          work,
          attempt: message.info.deliveryCount,
          parent: extractTraceContext(message.headers),
          requestId: requestIdOf(message.headers),
          renew: () => message.working(),
          settle: (settlement) => settleMessage(message, settlement),
        };
      }
    },
  };
}
