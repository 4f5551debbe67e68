import type { JsMsg } from '@nats-io/jetstream';
import { extractTraceContext, SpanKind, withSpan, type Logger } from '@printloom/service-kit';
import { tierOrder, type JobQueue } from './job-queue.js';
import type { JobProcessor } from './job-processor.js';

/** How old a shared backlog view may be; a published job makes it stale at once. */
const BACKLOG_MAX_AGE_MS = 1_000;

/**
 * N concurrent loops pulling jobs, highest priority tier first, without starving the lower ones. Idle
 * loops sleep until a job is published (JobQueue.waitForArrival), not on a short poll.
 *
 * Stopping (SIGTERM: a deploy, a scale-down) takes no new job at once, lets the running ones finish
 * within a grace period, and naks what is still running then, so another worker takes it at once
 * instead of after the ack wait.
 */
export class JobWorker {
  private stopped = false;
  private loops: Promise<void>[] = [];
  private picks = 0;
  /** Messages being handled now: what a stop that runs out of time hands back to the queue. */
  private readonly running = new Set<JsMsg>();

  constructor(
    private readonly queue: JobQueue,
    private readonly processor: JobProcessor,
    private readonly concurrency: number,
    private readonly logger: Logger,
    /** Called after every job delivery handled (the batch feeder fills the slot it freed). */
    private readonly afterJob: () => void = () => undefined,
    /** An idle loop looks again this often without an arrival (a dead worker's job is redelivered silently). */
    private readonly idleRecheckMs = 2_000,
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /**
   * Takes no new job from now on (synchronously: call it first when stopping), lets running jobs finish
   * for up to `graceMs`, then naks the unfinished ones: they are redelivered to another worker at once.
   * A nak settles the message for good (the client sends nothing for it after that), so the abandoned
   * run's late ack or heartbeat changes nothing, and the next run draws only the variants not yet stored.
   * Resolves with how many jobs were handed back.
   */
  async stop(graceMs: number): Promise<number> {
    if (!this.stopped) {
      this.stopped = true;
      this.queue.close();
      if (this.running.size > 0)
        this.logger.info(
          { running: this.running.size, graceMs },
          'Stopping: no new jobs; running jobs finish before the grace period ends',
        );
    }
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'out of time'>((resolve) => (timer = setTimeout(() => resolve('out of time'), graceMs)));
    const outcome = await Promise.race([Promise.all(this.loops), outOfTime]);
    clearTimeout(timer);
    if (outcome !== 'out of time') return 0;
    const unfinished = [...this.running];
    for (const message of unfinished) this.handBack(message);
    if (unfinished.length > 0)
      this.logger.warn({ jobs: unfinished.length, graceMs }, 'Jobs still running at the end of the grace period: handed back to the queue');
    return unfinished.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const seen = this.queue.arrivals;
        const message = await this.take();
        if (message && this.stopped)
          this.handBack(message); // arrived on a pull made before the stop
        else if (message) {
          await this.handle(message);
          this.afterJob();
        } else await this.queue.waitForArrival(this.idleRecheckMs, seen);
      } catch (error) {
        if (this.stopped) return;
        this.logger.error({ err: error }, 'Job worker loop error');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    this.running.add(message);
    try {
      await withSpan('generation job', { kind: SpanKind.CONSUMER, parent: extractTraceContext(message.headers) }, () =>
        this.processor.handle(message),
      );
    } finally {
      this.running.delete(message);
    }
  }

  /** Redelivered at once to another worker (no delay); a message already settled is left alone. */
  private handBack(message: JsMsg): void {
    try {
      message.nak();
    } catch (error) {
      // the connection is gone: the ack wait brings the message back
      this.logger.warn({ err: error }, 'Could not hand a job back to the queue; it returns after the ack wait');
    }
  }

  private async take(): Promise<JsMsg | null> {
    const { pending, inFlight } = await this.queue.backlog(BACKLOG_MAX_AGE_MS);
    const order = tierOrder(pending, this.picks);
    // Then tiers whose only messages are in flight: one may be a dead worker's, due for redelivery.
    for (const [tier, count] of inFlight) if (count > 0 && !order.includes(tier)) order.push(tier);
    for (const tier of order) {
      if (this.stopped) return null;
      const message = await this.queue.next(tier);
      if (message) {
        this.picks += 1;
        return message;
      }
    }
    return null;
  }
}
