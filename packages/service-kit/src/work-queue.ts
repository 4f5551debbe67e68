import { jetstream, jetstreamManager, type Consumer, type JsMsg, type PubAck } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { retryDuringFailover } from './nats-failover.js';
import { countRedelivery } from './redeliveries.js';
import { messageHeaders } from './message-headers.js';
import { ensureDurablePullConsumer, waitForStreams } from './nats-streams.js';

/** A durable pull consumer of a work queue: its name and the subject it takes. */
export interface WorkQueueConsumer {
  durable: string;
  subject: string;
}

export interface WorkQueueOptions {
  /** The work-queue stream (made by the migration step: nats-streams.ts). */
  stream: string;
  consumers: WorkQueueConsumer[];
  /** How long a delivered message may go unacknowledged (and without `working()`) before it is redelivered. */
  ackWaitMs: number;
  /** Deliveries before JetStream gives a message up; -1: never (a step decides itself when to stop). */
  maxDeliver?: number;
  /** How long a publish keeps trying while the cluster fails over (default 6 s) before it throws. */
  publishFailoverWaitMs?: number;
}

/** Messages never delivered, and messages delivered but not acknowledged (in work, or due for redelivery). */
export interface WorkQueueBacklog {
  pending: number;
  inFlight: number;
}

/**
 * A stream elects a new leader within seconds. A publish keeps trying that long, each try waiting at most
 * PUBLISH_TIMEOUT_MS, so that it still ends within a request's service budget (TIME_BUDGETS.request, 10 s).
 */
const PUBLISH_FAILOVER_WAIT_MS = 6_000;
const PUBLISH_TIMEOUT_MS = 2_500;

/**
 * A durable work queue on JetStream: work-queue retention, durable explicit-ack pull consumers shared by
 * every instance of a service. A message leaves the stream only when a worker acknowledges it; one a
 * worker holds without acknowledging (a worker that died) is redelivered after `ackWaitMs`.
 *
 * `ensure()` runs at every start of every instance: it waits for the stream (only the migration step
 * creates streams), then creates its consumers when missing and brings them up to these options (each
 * through the filtered create its app's NATS user is allowed).
 */
export class JetStreamWorkQueue {
  private readonly consumers = new Map<string, Consumer>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: WorkQueueOptions,
  ) {}

  get stream(): string {
    return this.options.stream;
  }

  async ensure(): Promise<void> {
    await waitForStreams(this.nc, [this.options.stream]);
    const jsm = await jetstreamManager(this.nc);
    for (const consumer of this.options.consumers) {
      await ensureDurablePullConsumer(jsm, this.options.stream, {
        durable: consumer.durable,
        subject: consumer.subject,
        ackWaitMs: this.options.ackWaitMs,
        maxDeliver: this.options.maxDeliver,
      });
      this.consumers.set(consumer.durable, await jetstream(this.nc).consumers.get(this.options.stream, consumer.durable));
    }
  }

  /**
   * Stores `payload` (as JSON) once per `msgID` within the duplicate window: a retried publish is a
   * no-op (`duplicate` in the answer). The publisher's trace continues in the worker that takes it.
   */
  async publish(subject: string, payload: unknown, msgID: string): Promise<PubAck> {
    const data = JSON.stringify(payload);
    const headers = messageHeaders();
    // While the stream elects a leader a publish times out or finds no responders; the same msgID makes
    // a repeat of one that was stored after all a duplicate, not a second message.
    return retryDuringFailover(() => jetstream(this.nc).publish(subject, data, { msgID, headers, timeout: PUBLISH_TIMEOUT_MS }), {
      maxWaitMs: this.options.publishFailoverWaitMs ?? PUBLISH_FAILOVER_WAIT_MS,
      initialDelayMs: 250,
    });
  }

  /** Whether `ensure()` has made (or found) this consumer. */
  has(durable: string): boolean {
    return this.consumers.has(durable);
  }

  /** The next message for `durable`, or null when none came within `expiresMs`. */
  async next(durable: string, expiresMs = 1000): Promise<JsMsg | null> {
    return countRedelivery(await this.consumerOf(durable).next({ expires: expiresMs }));
  }

  /** The backlog of one consumer; zeros when JetStream does not answer (the metrics go on). */
  async backlog(durable: string): Promise<WorkQueueBacklog> {
    const info = await this.consumerOf(durable)
      .info(false)
      .catch(() => null);
    return { pending: info?.num_pending ?? 0, inFlight: info?.num_ack_pending ?? 0 };
  }

  private consumerOf(durable: string): Consumer {
    const consumer = this.consumers.get(durable);
    if (!consumer) throw new Error(`Work queue ${this.options.stream}: ensure() before using consumer ${durable}`);
    return consumer;
  }
}
