import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { JetStreamWorkQueue } from '@printloom/service-kit';
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
  private readonly work: JetStreamWorkQueue;
  /** The last backlog read from JetStream, shared by every worker loop; an arrival makes it stale. */
  private view: { at: number; backlog: Backlog } | null = null;
  private reading: Promise<Backlog> | null = null;
  private arrivalsSeen = 0;
  private waiters = new Set<() => void>();
  private arrivalsSubscription: Subscription | null = null;
  private readonly arrivalListeners = new Set<() => void>();

  /** The stream (its copies, its 10-minute duplicate window) is the migration step's: service-kit nats-streams.ts. */
  constructor(
    private readonly nc: NatsConnection,
    ackWaitMs: number,
  ) {
    this.work = new JetStreamWorkQueue(nc, {
      stream: GENERATION_QUEUE.stream,
      consumers: PRIORITY_TIERS.map((tier) => ({ durable: GENERATION_QUEUE.consumerOf(tier), subject: GENERATION_QUEUE.subjectOf(tier) })),
      ackWaitMs,
    });
  }

  async ensure(): Promise<void> {
    await this.work.ensure();
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

  /** Called at every publish seen (a worker's wake). */
  onArrival(listener: () => void): void {
    this.arrivalListeners.add(listener);
  }

  private arrived(): void {
    this.arrivalsSeen += 1;
    this.view = null;
    for (const wake of [...this.waiters]) wake();
    for (const listener of this.arrivalListeners) listener();
  }

  /** Idempotent by job id within the dedupe window: a retried submit queues the job once. */
  async publish(jobId: string, tier: number): Promise<void> {
    await this.work.publish(GENERATION_QUEUE.subjectOf(tier), { jobId }, jobId);
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
    for (const tier of this.ensuredTiers()) {
      const backlog = await this.work.backlog(GENERATION_QUEUE.consumerOf(tier));
      pending.set(tier, backlog.pending);
      inFlight.set(tier, backlog.inFlight);
    }
    // A job published while reading may be missing from this view: then it is not kept.
    if (seen === this.arrivalsSeen) this.view = { at, backlog: { pending, inFlight } };
    return { pending, inFlight };
  }

  async next(tier: number): Promise<JsMsg | null> {
    const durable = GENERATION_QUEUE.consumerOf(tier);
    return this.work.has(durable) ? this.work.next(durable) : null;
  }

  private ensuredTiers(): number[] {
    return PRIORITY_TIERS.filter((tier) => this.work.has(GENERATION_QUEUE.consumerOf(tier)));
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
