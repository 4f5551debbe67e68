import type { JsMsg } from '@nats-io/jetstream';
import { BackgroundWorker, jetStreamWorkSource, type Logger, type ServiceMetrics } from '@printloom/service-kit';
import { tierOrder, type JobQueue } from './job-queue.js';
import type { JobProcessor } from './job-processor.js';

/** How old a shared backlog view may be; a published job makes it stale at once. */
const BACKLOG_MAX_AGE_MS = 1_000;

/**
 * N concurrent loops pulling jobs, highest priority tier first, without starving the lower ones, in
 * service-kit's one worker form on the JetStream queue. Idle loops sleep until a job is published (the
 * queue's arrivals wake the worker), not on a short poll.
 *
 * Stopping (SIGTERM: a deploy, a scale-down) takes no new job at once, lets the running ones finish
 * within a grace period, and naks what is still running then, so another worker takes it at once
 * instead of after the ack wait. A nak settles the message for good (the client sends nothing for it
 * after that), so the abandoned run's late ack or heartbeat changes nothing, and the next run draws
 * only the variants not yet stored.
 */
export class JobWorker {
  private stopped = false;
  private picks = 0;
  private readonly worker: BackgroundWorker<JsMsg>;

  constructor(
    private readonly queue: JobQueue,
    processor: JobProcessor,
    concurrency: number,
    private readonly logger: Logger,
    /** Called after every job delivery handled (the batch feeder fills the slot it freed). */
    afterJob: () => void = () => undefined,
    /** An idle loop looks again this often without an arrival (a dead worker's job is redelivered silently). */
    idleRecheckMs = 2_000,
    registry?: ServiceMetrics['registry'],
  ) {
    this.worker = new BackgroundWorker<JsMsg>({
      name: 'generation-jobs',
      spanName: 'generation job',
      // The processor settles each message and keeps it alive (working) on its own progress.
      source: jetStreamWorkSource({ next: () => this.take(), ackWaitMs: 0, renewedByHandler: true }),
      concurrency,
      idleRecheckMs,
      logger,
      registry,
      afterWork: afterJob,
      handle: async (message) => {
        await processor.handle(message);
        return { settled: 'done' };
      },
    });
    queue.onArrival(() => this.worker.wake());
  }

  start(): void {
    this.worker.start();
  }

  /**
   * Takes no new job from now on (synchronously: call it first when stopping), lets running jobs finish
   * for up to `graceMs`, then naks the unfinished ones: they are redelivered to another worker at once.
   * Resolves with how many jobs were handed back.
   */
  async stop(graceMs: number): Promise<number> {
    if (!this.stopped) {
      this.stopped = true;
      this.queue.close();
      this.logger.info({ graceMs }, 'Stopping: no new jobs; running jobs finish before the grace period ends');
    }
    return this.worker.stop(graceMs);
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
