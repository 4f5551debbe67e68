import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { PUBLISHING_QUEUE } from '@printloom/contracts';
import { JetStreamWorkQueue, type WorkQueueBacklog } from '@printloom/service-kit';

export type PublicationStep = 'draft' | 'publish' | 'mockups';
export interface PublicationWork {
  publicationId: string;
  step: PublicationStep;
  /** A mockups step's images as the create answer listed them: fetched without asking for the product again. */
  mockups?: string[];
}

/**
 * The durable work queue of publications (one shared durable pull consumer). A worker that dies leaves
 * its step to be redelivered after `ackWaitMs`; a wait (a rate limit, mockups not drawn yet) is a
 * negative acknowledgement with a delay, so no worker sleeps on it.
 */
export class PublicationQueue {
  private readonly work: JetStreamWorkQueue;

  /** The stream (its copies, its 10-minute duplicate window) is the migration step's: service-kit nats-streams.ts. */
  constructor(nc: NatsConnection, ackWaitMs: number) {
    this.work = new JetStreamWorkQueue(nc, {
      stream: PUBLISHING_QUEUE.stream,
      consumers: [{ durable: PUBLISHING_QUEUE.consumer, subject: PUBLISHING_QUEUE.subject }],
      ackWaitMs,
    });
  }

  ensure(): Promise<void> {
    return this.work.ensure();
  }

  /** Deduplicated by `dedupeKey` within the stream's window: a retried request queues the step once. */
  async publish(work: PublicationWork, dedupeKey: string): Promise<void> {
    await this.work.publish(PUBLISHING_QUEUE.subject, work, `${work.publicationId}:${work.step}:${dedupeKey}`);
  }

  next(): Promise<JsMsg | null> {
    return this.work.next(PUBLISHING_QUEUE.consumer);
  }

  /** Messages not yet delivered and delivered but not acknowledged (for the metrics). */
  async backlog(): Promise<WorkQueueBacklog> {
    if (!this.work.has(PUBLISHING_QUEUE.consumer)) return { pending: 0, inFlight: 0 };
    return this.work.backlog(PUBLISHING_QUEUE.consumer);
  }
}
