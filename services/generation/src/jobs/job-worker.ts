import { extractTraceContext, SpanKind, withSpan, type Logger } from '@printloom/service-kit';
import { tierOrder, type JobQueue } from './job-queue.js';
import type { JobProcessor } from './job-processor.js';

/** How old a shared backlog view may be; a published job makes it stale at once. */
const BACKLOG_MAX_AGE_MS = 1_000;
/** An idle loop looks again this often without an arrival (a dead worker's job is redelivered silently). */
const IDLE_RECHECK_MS = 2_000;

/**
 * N concurrent loops pulling jobs, highest priority tier first, without starving the lower ones. Idle
 * loops sleep until a job is published (JobQueue.waitForArrival), not on a short poll.
 */
export class JobWorker {
  private stopped = false;
  private loops: Promise<void>[] = [];
  private picks = 0;

  constructor(
    private readonly queue: JobQueue,
    private readonly processor: JobProcessor,
    private readonly concurrency: number,
    private readonly logger: Logger,
    /** Called after every job delivery handled (the batch feeder fills the slot it freed). */
    private readonly afterJob: () => void = () => undefined,
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /** Lets running jobs finish for up to `graceMs`; an unfinished job is redelivered to another worker. */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    this.queue.close();
    await Promise.race([Promise.all(this.loops), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const seen = this.queue.arrivals;
        const message = await this.take();
        if (message)
          await withSpan('generation job', { kind: SpanKind.CONSUMER, parent: extractTraceContext(message.headers) }, () =>
            this.processor.handle(message),
          );
        if (message) this.afterJob();
        else await this.queue.waitForArrival(IDLE_RECHECK_MS, seen);
      } catch (error) {
        if (this.stopped) return;
        this.logger.error({ err: error }, 'Job worker loop error');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async take() {
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
