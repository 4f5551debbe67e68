import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectNats, createLogger, type NatsConnection } from '@printloom/service-kit';
import { prepareTestStreams, startNatsServer, waitFor, type TestNats } from '@printloom/service-kit/testing';
import { PublicationQueue, type PublicationWork } from '../src/publications/publication-queue.js';
import { PublicationWorker, type PublicationSteps, type StepOutcome } from '../src/publications/publication-worker.js';

const logger = createLogger('test', 'silent');
/** Long: only the stopping worker's hand-back can bring a step back within a test. */
const ACK_WAIT_MS = 120_000;

/**
 * The publication worker's stop (real nats-server, the real stream and consumer): a step still running at
 * the end of the grace is handed back and another instance runs it at once, instead of after the ack wait.
 */
describe('publication worker stop (real NATS JetStream)', () => {
  let nats: TestNats;
  let first: NatsConnection;
  let second: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer();
    await prepareTestStreams(nats);
    first = await connectNats(nats.url, 'publishing-first');
    second = await connectNats(nats.url, 'publishing-second');
  });

  afterAll(async () => {
    await first?.drain();
    await second?.drain();
    await nats?.stop();
  });

  it('takes no new step once stopping, hands the running one back after the grace, another instance runs it at once', async () => {
    const queue = new PublicationQueue(first, ACK_WAIT_MS);
    await queue.ensure();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const stuck: PublicationSteps = {
      run: () => {
        started();
        return new Promise<StepOutcome>(() => undefined); // a Printify call that does not end in time
      },
    };
    const stopping = new PublicationWorker(queue, stuck, 1, ACK_WAIT_MS, logger);
    stopping.start();
    const work: PublicationWork = { publicationId: randomUUID(), step: 'draft' };
    await queue.publish(work, 'first');
    await running;
    await expect(stopping.stop(200)).resolves.toBe(1);

    const other = new PublicationQueue(second, ACK_WAIT_MS);
    await other.ensure();
    const ran: Array<{ work: PublicationWork; deliveryCount: number }> = [];
    const steps: PublicationSteps = {
      run: async (step, deliveryCount) => {
        ran.push({ work: step, deliveryCount });
        return { done: true };
      },
    };
    const taker = new PublicationWorker(other, steps, 1, ACK_WAIT_MS, logger);
    taker.start();
    try {
      await waitFor(() => ran.length === 1, { what: 'the step handed back and run by the other instance' });
      expect(ran).toEqual([{ work, deliveryCount: 2 }]);
      await waitFor(async () => (await other.backlog()).inFlight === 0, { what: 'the step acknowledged' });
      expect(await other.backlog()).toEqual({ pending: 0, inFlight: 0 });
    } finally {
      await taker.stop(1_000);
    }
  });
});
