import { AckPolicy, DeliverPolicy, RetentionPolicy, jetstream, jetstreamManager, type Consumer, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { traceHeaders } from '@printloom/service-kit';
import { GENERATION_QUEUE, PRIORITY_TIERS as TIERS } from '@printloom/contracts';

export const PRIORITY_TIERS = Object.values(TIERS);

export interface Backlog {
  pending: Map<number, number>;
  inFlight: Map<number, number>;
}

/**
 * The durable work queue of generation jobs on JetStream: one subject and one shared durable pull
 * consumer per priority tier. A message leaves the queue only when a worker acknowledges it; a running
 * job's progress heartbeats (JobProcessor) extend its `ackWaitMs`, so a worker that dies leaves it to be
 * redelivered one short ack wait after its last heartbeat.
 */
export class JobQueue {
  private consumers = new Map<number, Consumer>();
  /** The last backlog read from JetStream, shared by every worker loop; an arrival makes it stale. */
  private view: { at: number; backlog: Backlog } | null = null;
  private reading: Promise<Backlog> | null = null;
  private arrivalsSeen = 0;
  private waiters = new Set<() => void>();
  private arrivalsSubscription: Subscription | null = null;

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
      const stream = {
        name: GENERATION_QUEUE.stream,
        subjects: [GENERATION_QUEUE.allSubjects],
        retention: RetentionPolicy.Workqueue,
        duplicate_window: 10 * 60 * 1e9,
        num_replicas: this.replicas,
      };
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
      // A consumer an earlier release made (e.g. with the old 60 s ack wait) takes this config on start.
      await jsm.consumers
        .add(GENERATION_QUEUE.stream, config)
        .catch(() => jsm.consumers.update(GENERATION_QUEUE.stream, config.durable_name, config));
      this.consumers.set(tier, await jetstream(this.nc).consumers.get(GENERATION_QUEUE.stream, config.durable_name));
    }
    // Every job published to the stream also reaches plain subscribers of its subject: a push that
    // wakes idle workers, instead of asking JetStream for consumer info many times a second.
    this.arrivalsSubscription ??= this.nc.subscribe(GENERATION_QUEUE.allSubjects, { callback: () => this.arrived() });
  }

  close(): void {
    this.arrivalsSubscription?.unsubscribe();
    this.arrivalsSubscription = null;
    this.arrived();
  }

  /** How many publishes this queue has seen: pass it to `waitForArrival` to not miss one in between. */
  get arrivals(): number {
    return this.arrivalsSeen;
  }

  /**
   * Resolves when a job is published (or was, since `arrivals` read `seen`), or after `timeoutMs`:
   * redeliveries of a dead worker's jobs publish nothing.
   */
  waitForArrival(timeoutMs: number, seen = this.arrivalsSeen): Promise<void> {
    if (seen !== this.arrivalsSeen) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
  }

  private arrived(): void {
    this.arrivalsSeen += 1;
    this.view = null;
    for (const wake of [...this.waiters]) wake();
  }

  /** Idempotent by job id within the dedupe window: a retried submit queues the job once. */
  async publish(jobId: string, tier: number): Promise<void> {
    // The submitting request's trace continues in the worker that runs the job.
    await jetstream(this.nc).publish(GENERATION_QUEUE.subjectOf(tier), JSON.stringify({ jobId }), {
      msgID: jobId,
      headers: traceHeaders(),
    });
  }

  /**
   * Per tier: messages never delivered, and messages delivered but not acknowledged (in work, or held
   * by a worker that died and due for redelivery).
   */
  async backlog(maxAgeMs = 0): Promise<Backlog> {
    if (this.view && Date.now() - this.view.at < maxAgeMs) return this.view.backlog;
    this.reading ??= this.readBacklog().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readBacklog(): Promise<Backlog> {
    const seen = this.arrivalsSeen;
    const at = Date.now();
    const pending = new Map<number, number>();
    const inFlight = new Map<number, number>();
    for (const [tier, consumer] of this.consumers) {
      const info = await consumer.info(false).catch(() => null);
      pending.set(tier, info?.num_pending ?? 0);
      inFlight.set(tier, info?.num_ack_pending ?? 0);
    }
    // A job published while reading may be missing from this view: then it is not kept.
    if (seen === this.arrivalsSeen) this.view = { at, backlog: { pending, inFlight } };
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
