import { BackgroundWorker, jetStreamWorkSource, type Logger, type ServiceMetrics, type Settlement } from '@printloom/service-kit';
import type { PublicationQueue, PublicationWork } from './publication-queue.js';

/** What a step decided: done (acknowledged), or try again after a while (negative acknowledgement with a delay). */
export type StepOutcome = { done: true } | { retryInMs: number };

export interface PublicationSteps {
  run(work: PublicationWork, deliveryCount: number): Promise<StepOutcome>;
}

/**
 * N loops taking publication steps, in service-kit's one worker form on the JetStream queue: each
 * message is kept alive while its step runs, and a stop hands back what is still running at the end of
 * the grace (another instance takes it at once).
 */
export class PublicationWorker {
  private readonly worker: BackgroundWorker<PublicationWork>;

  constructor(
    queue: PublicationQueue,
    steps: PublicationSteps,
    concurrency: number,
    ackWaitMs: number,
    logger: Logger,
    /** A step that threw is tried again after this × its deliveries so far (at most a minute). */
    failureBackoffMs = 2_000,
    registry?: ServiceMetrics['registry'],
  ) {
    this.worker = new BackgroundWorker<PublicationWork>({
      name: 'publication-steps',
      spanName: 'publication step',
      // A message that is not a step is terminated by the source, never redelivered.
      source: jetStreamWorkSource({
        next: () => queue.next(),
        ackWaitMs,
        read: (message) => JSON.parse(message.string()) as PublicationWork,
      }),
      concurrency,
      // queue.next() itself waits for a message up to a second.
      idleRecheckMs: 0,
      logger,
      registry,
      handle: async (work, inHand): Promise<Settlement> => {
        const outcome = await steps.run(work, inHand.attempt);
        return 'done' in outcome ? { settled: 'done' } : { settled: 'later', inMs: outcome.retryInMs };
      },
      onError: (error, claim) => {
        logger.warn(
          { err: error, publicationId: claim.work.publicationId, step: claim.work.step },
          'Publication step failed: it is tried again',
        );
        return { settled: 'later', inMs: Math.min(60_000, failureBackoffMs * claim.attempt) };
      },
    });
  }

  start(): void {
    this.worker.start();
  }

  /** The stop rule: no new step; running steps finish for up to `graceMs`, the rest is handed back. */
  async stop(graceMs = 5_000): Promise<number> {
    return this.worker.stop(graceMs);
  }
}
