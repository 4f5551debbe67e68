import type { JsMsg } from '@nats-io/jetstream';
import { extractTraceContext, SpanKind, withSpan, type Logger } from '@printloom/service-kit';
import type { PublicationQueue, PublicationWork } from './publication-queue.js';

/** What a step decided: done (acknowledged), or try again after a while (negative acknowledgement with a delay). */
export type StepOutcome = { done: true } | { retryInMs: number };

export interface PublicationSteps {
  run(work: PublicationWork, deliveryCount: number): Promise<StepOutcome>;
}

/** N loops pulling publication steps; each message is kept alive (working) while its step runs. */
export class PublicationWorker {
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly queue: PublicationQueue,
    private readonly steps: PublicationSteps,
    private readonly concurrency: number,
    private readonly ackWaitMs: number,
    private readonly logger: Logger,
    /** A step that threw is tried again after this × its deliveries so far (at most a minute). */
    private readonly failureBackoffMs = 2_000,
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /** Lets running steps finish for up to `graceMs`; an unfinished one is redelivered to another worker. */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    await Promise.race([Promise.all(this.loops), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const message = await this.queue.next();
        if (message)
          await withSpan('publication step', { kind: SpanKind.CONSUMER, parent: extractTraceContext(message.headers) }, () =>
            this.handle(message),
          );
      } catch (error) {
        if (this.stopped) return;
        this.logger.error({ err: error }, 'Publication worker loop error');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    let work: PublicationWork;
    try {
      work = JSON.parse(message.string()) as PublicationWork;
    } catch {
      message.term();
      return;
    }
    const heartbeat = setInterval(() => message.working(), Math.max(1000, this.ackWaitMs / 3));
    try {
      const outcome = await this.steps.run(work, message.info.deliveryCount);
      if ('done' in outcome) message.ack();
      else message.nak(Math.max(100, outcome.retryInMs));
    } catch (error) {
      this.logger.warn({ err: error, publicationId: work.publicationId, step: work.step }, 'Publication step failed: it is tried again');
      message.nak(Math.min(60_000, this.failureBackoffMs * message.info.deliveryCount));
    } finally {
      clearInterval(heartbeat);
    }
  }
}
