import { AckPolicy, DeliverPolicy, RetentionPolicy, jetstream, jetstreamManager, type Consumer, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { PUBLISHING_QUEUE } from '@printloom/contracts';
import { traceHeaders } from '@printloom/service-kit';

export type PublicationStep = 'draft' | 'publish' | 'mockups';
export interface PublicationWork {
  publicationId: string;
  step: PublicationStep;
}

/**
 * The durable work queue of publications on JetStream (work-queue retention, one shared durable pull
 * consumer). A message leaves only when a worker acknowledges it; a worker that dies leaves it to be
 * redelivered after `ackWaitMs`; a wait (a rate limit, mockups not drawn yet) is a negative
 * acknowledgement with a delay, so no worker sleeps on it.
 */
export class PublicationQueue {
  private consumer: Consumer | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly ackWaitMs: number,
    private readonly replicas = 1,
  ) {}

  async ensure(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const existing = await jsm.streams.info(PUBLISHING_QUEUE.stream).catch(() => null);
    if (!existing) {
      await jsm.streams
        .add({
          name: PUBLISHING_QUEUE.stream,
          subjects: [PUBLISHING_QUEUE.subject],
          retention: RetentionPolicy.Workqueue,
          duplicate_window: 10 * 60 * 1e9,
          num_replicas: this.replicas,
        })
        .catch(async (error) => {
          await jsm.streams.info(PUBLISHING_QUEUE.stream).catch(() => {
            throw error;
          });
        });
    } else if ((existing.config.num_replicas ?? 1) !== this.replicas) {
      await jsm.streams.update(PUBLISHING_QUEUE.stream, { ...existing.config, num_replicas: this.replicas });
    }
    const config = {
      durable_name: PUBLISHING_QUEUE.consumer,
      filter_subject: PUBLISHING_QUEUE.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: this.ackWaitMs * 1e6,
      max_deliver: -1,
    };
    await jsm.consumers
      .add(PUBLISHING_QUEUE.stream, config)
      .catch(() => jsm.consumers.update(PUBLISHING_QUEUE.stream, config.durable_name, config));
    this.consumer = await jetstream(this.nc).consumers.get(PUBLISHING_QUEUE.stream, PUBLISHING_QUEUE.consumer);
  }

  /** Deduplicated by `dedupeKey` within the stream's window: a retried request queues the step once. */
  async publish(work: PublicationWork, dedupeKey: string): Promise<void> {
    await jetstream(this.nc).publish(PUBLISHING_QUEUE.subject, JSON.stringify(work), {
      msgID: `${work.publicationId}:${work.step}:${dedupeKey}`,
      headers: traceHeaders(),
    });
  }

  async next(): Promise<JsMsg | null> {
    if (!this.consumer) throw new Error('PublicationQueue.ensure() first');
    return this.consumer.next({ expires: 1000 });
  }

  /** Messages not yet delivered and delivered but not acknowledged (for the metrics). */
  async backlog(): Promise<{ pending: number; inFlight: number }> {
    const info = await this.consumer?.info(false).catch(() => null);
    return { pending: info?.num_pending ?? 0, inFlight: info?.num_ack_pending ?? 0 };
  }
}
