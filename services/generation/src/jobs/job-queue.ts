import { AckPolicy, DeliverPolicy, RetentionPolicy, jetstream, jetstreamManager, type Consumer, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { traceHeaders } from '@printloom/service-kit';
import { GENERATION_QUEUE, PRIORITY_TIERS as TIERS } from '@printloom/contracts';

export const PRIORITY_TIERS = Object.values(TIERS);

/**
 * The durable work queue of generation jobs on JetStream: one subject and one shared durable pull
 * consumer per priority tier. A message leaves the queue only when a worker acknowledges it; a worker
 * that dies leaves it to be redelivered after `ackWaitMs`.
 */
export class JobQueue {
  private consumers = new Map<number, Consumer>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly ackWaitMs: number,
    /** Copies of the stream on a NATS cluster: a job survives losing the node that leads it. */
    private readonly replicas = 1,
  ) {}

  async ensure(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const existing = await jsm.streams.info(GENERATION_QUEUE.stream).catch(() => null);
    if (!existing) {
      const stream = { name: GENERATION_QUEUE.stream, subjects: [GENERATION_QUEUE.allSubjects], retention: RetentionPolicy.Workqueue, duplicate_window: 10 * 60 * 1e9, num_replicas: this.replicas };
      await jsm.streams.add(stream).catch(async (error) => {
        await jsm.streams.info(GENERATION_QUEUE.stream).catch(() => {
          throw error;
        });
      });
    } else if ((existing.config.num_replicas ?? 1) !== this.replicas) {
      await jsm.streams.update(GENERATION_QUEUE.stream, { ...existing.config, num_replicas: this.replicas });
    }
    for (const tier of PRIORITY_TIERS) {
      const config = {
        durable_name: GENERATION_QUEUE.consumerOf(tier),
        filter_subject: GENERATION_QUEUE.subjectOf(tier),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: this.ackWaitMs * 1e6,
        max_deliver: -1,
      };
      await jsm.consumers.add(GENERATION_QUEUE.stream, config).catch(() => jsm.consumers.update(GENERATION_QUEUE.stream, config.durable_name, config));
      this.consumers.set(tier, await jetstream(this.nc).consumers.get(GENERATION_QUEUE.stream, config.durable_name));
    }
  }

  /** Idempotent by job id within the dedupe window: a retried submit queues the job once. */
  async publish(jobId: string, tier: number): Promise<void> {
    // The submitting request's trace continues in the worker that runs the job.
    await jetstream(this.nc).publish(GENERATION_QUEUE.subjectOf(tier), JSON.stringify({ jobId }), { msgID: jobId, headers: traceHeaders() });
  }

  /**
   * Per tier: messages never delivered, and messages delivered but not acknowledged (in work, or held
   * by a worker that died and due for redelivery).
   */
  async backlog(): Promise<{ pending: Map<number, number>; inFlight: Map<number, number> }> {
    const pending = new Map<number, number>();
    const inFlight = new Map<number, number>();
    for (const [tier, consumer] of this.consumers) {
      const info = await consumer.info(false).catch(() => null);
      pending.set(tier, info?.num_pending ?? 0);
      inFlight.set(tier, info?.num_ack_pending ?? 0);
    }
    return { pending, inFlight };
  }

  async next(tier: number): Promise<JsMsg | null> {
    const consumer = this.consumers.get(tier);
    return consumer ? consumer.next({ expires: 1000 }) : null;
  }
}

/**
 * Which tier to take from next: highest first, except every `fairEvery`-th pick, which goes to the
 * lowest waiting tier, so a busy queue serves studio first without starving the trial.
 */
export function tierOrder(pending: Map<number, number>, pick: number, fairEvery = 4): number[] {
  const waiting = [...pending.entries()].filter(([, count]) => count > 0).map(([tier]) => tier);
  const highestFirst = waiting.sort((a, b) => b - a);
  return pick % fairEvery === fairEvery - 1 ? [...highestFirst].reverse() : highestFirst;
}
