import { jetstream, jetstreamManager, type Consumer, type JsMsg, type PubAck } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { traceHeaders } from './tracing.js';
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
}

/** Messages never delivered, and messages delivered but not acknowledged (in work, or due for redelivery). */
export interface WorkQueueBacklog {
  pending: number;
  inFlight: number;
}

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
    return jetstream(this.nc).publish(subject, JSON.stringify(payload), { msgID, headers: traceHeaders() });
  }

  /** Whether `ensure()` has made (or found) this consumer. */
  has(durable: string): boolean {
    return this.consumers.has(durable);
  }

  /** The next message for `durable`, or null when none came within `expiresMs`. */
  async next(durable: string, expiresMs = 1000): Promise<JsMsg | null> {
    return this.consumerOf(durable).next({ expires: expiresMs });
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
