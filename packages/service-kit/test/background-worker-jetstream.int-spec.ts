import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import {
  BackgroundWorker,
  connectNats,
  createLogger,
  ensureWorkQueueStream,
  inTurnsBySeller,
  JetStreamWorkQueue,
  jetStreamWorkSource,
  type NatsConnection,
  type Settlement,
} from '../src/index.js';
import { startNatsServer, waitFor, type TestNats } from '../src/testing.js';

const logger = createLogger('test', 'silent');

interface Work {
  id: string;
  seller?: string;
}

/**
 * The JetStream backend of the one worker form, two instances (two connections, as two processes have)
 * on a real nats-server: take, lease loss (the ack wait), the stop rule, and back-off.
 */
describe('BackgroundWorker on the JetStream work queue (real nats-server, two instances)', () => {
  let nats: TestNats;
  let first: NatsConnection;
  let second: NatsConnection;
  let jsm: JetStreamManager;
  const streams: string[] = [];
  const workers: Array<BackgroundWorker<Work>> = [];
  const ACK_WAIT_MS = 1_500;

  /** A queue on a stream of its own, as seen by each instance. */
  async function queues(
    ackWaitMs = ACK_WAIT_MS,
  ): Promise<{ subject: string; durable: string; of: (nc: NatsConnection) => Promise<JetStreamWorkQueue> }> {
    const id = randomUUID().replaceAll('-', '').slice(0, 12);
    const options = {
      stream: `KIT_WORKER_${id}`,
      subjects: [`kit-worker.${id}.>`],
      consumers: [{ durable: `work-${id}`, subject: `kit-worker.${id}.work` }],
      ackWaitMs,
    };
    streams.push(options.stream);
    await ensureWorkQueueStream(jsm, options);
    return {
      subject: options.consumers[0]!.subject,
      durable: options.consumers[0]!.durable,
      of: async (nc) => {
        const queue = new JetStreamWorkQueue(nc, options);
        await queue.ensure();
        return queue;
      },
    };
  }

  function workerOf(name: string, queue: JetStreamWorkQueue, durable: string, handle: (work: Work) => Promise<Settlement>) {
    const worker = new BackgroundWorker<Work>({
      name: `kit-queue-${name}`,
      source: jetStreamWorkSource<Work>({
        next: () => queue.next(durable),
        ackWaitMs: ACK_WAIT_MS,
        read: (message) => message.json<Work>(),
      }),
      idleRecheckMs: 100,
      logger,
      handle,
    });
    workers.push(worker);
    return worker;
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    first = await connectNats(nats.url, 'worker-test-first');
    second = await connectNats(nats.url, 'worker-test-second');
    jsm = await jetstreamManager(first);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(1_000)));
    for (const stream of streams.splice(0)) await jsm.streams.delete(stream).catch(() => undefined);
  });

  afterAll(async () => {
    await first?.drain();
    await second?.drain();
    await nats?.stop();
  });

  it('takes each message once and acknowledges it when done', async () => {
    const queue = await queues();
    const mine = await queue.of(first);
    const done: string[] = [];
    workerOf('first', mine, queue.durable, async (work) => {
      done.push(work.id);
      return { settled: 'done' };
    }).start();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await mine.publish(queue.subject, { id }, id);
    await waitFor(() => done.length === 3, { what: 'three messages handled' });
    expect(done).toEqual(ids);
    await waitFor(async () => (await mine.backlog(queue.durable)).inFlight === 0, { what: 'every message acknowledged' });
    expect(await mine.backlog(queue.durable)).toEqual({ pending: 0, inFlight: 0 });
  });

  it('lets another instance take a message over once its ack wait runs out without a heartbeat', async () => {
    const queue = await queues();
    const silent = await queue.of(first);
    const id = randomUUID();
    await silent.publish(queue.subject, { id }, id);
    // The first instance takes it and goes silent (it died: nothing renews the lease).
    const claim = await jetStreamWorkSource<Work>({ next: () => silent.next(queue.durable), ackWaitMs: ACK_WAIT_MS }).take();
    expect(claim?.attempt).toBe(1);
    const attempts: number[] = [];
    const other = await queue.of(second);
    const taker = new BackgroundWorker<Work>({
      name: 'kit-queue-taker',
      source: jetStreamWorkSource<Work>({ next: () => other.next(queue.durable), ackWaitMs: ACK_WAIT_MS, read: (m) => m.json<Work>() }),
      idleRecheckMs: 100,
      logger,
      handle: async (_work, inHand) => {
        attempts.push(inHand.attempt);
        return { settled: 'done' };
      },
    });
    workers.push(taker);
    taker.start();
    await waitFor(() => attempts.length === 1, { what: 'the message redelivered to the other instance' });
    expect(attempts).toEqual([2]);
  });

  it('keeps a message while its handler runs past the ack wait (the heartbeat): nobody else gets it', async () => {
    const queue = await queues();
    const mine = await queue.of(first);
    const other = await queue.of(second);
    const id = randomUUID();
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const handled: string[] = [];
    workerOf('first', mine, queue.durable, async () => {
      handled.push('first');
      await held;
      return { settled: 'done' };
    }).start();
    await mine.publish(queue.subject, { id }, id);
    await waitFor(() => handled.length === 1, { what: 'the first instance holding the message' });
    workerOf('second', other, queue.durable, async () => {
      handled.push('second');
      return { settled: 'done' };
    }).start();
    await new Promise((resolve) => setTimeout(resolve, 2 * ACK_WAIT_MS));
    finish();
    await waitFor(async () => (await mine.backlog(queue.durable)).inFlight === 0, { what: 'the message acknowledged' });
    expect(handled).toEqual(['first']);
  });

  it('stops with work in hand: takes nothing new, hands the message back after the grace, another instance takes it at once', async () => {
    // A long ack wait: only the stopping worker's hand-back can bring the message back within the test.
    const queue = await queues(120_000);
    const mine = await queue.of(first);
    const id = randomUUID();
    let taken!: () => void;
    const started = new Promise<void>((resolve) => (taken = resolve));
    const stuck = workerOf('first', mine, queue.durable, async () => {
      taken();
      return new Promise<Settlement>(() => undefined);
    }).start();
    await mine.publish(queue.subject, { id }, id);
    await started;
    await expect(stuck.stop(200)).resolves.toBe(1);
    const next = randomUUID();
    await mine.publish(queue.subject, { id: next }, next);

    const other = await queue.of(second);
    const seen: Array<{ id: string; attempt: number }> = [];
    const taker = new BackgroundWorker<Work>({
      name: 'kit-queue-after-stop',
      source: jetStreamWorkSource<Work>({ next: () => other.next(queue.durable), ackWaitMs: ACK_WAIT_MS, read: (m) => m.json<Work>() }),
      idleRecheckMs: 100,
      logger,
      handle: async (work, inHand) => {
        seen.push({ id: work.id, attempt: inHand.attempt });
        return { settled: 'done' };
      },
    });
    workers.push(taker);
    taker.start();
    await waitFor(() => seen.length === 2, { what: 'both messages taken by the other instance' });
    // The stopped instance took nothing new; the message it held comes back handed on (its second delivery).
    expect(new Map(seen.map((work) => [work.id, work.attempt]))).toEqual(
      new Map([
        [id, 2],
        [next, 1],
      ]),
    );
  });

  it('backs off: a message settled `later` comes back after its delay, its attempt counted', async () => {
    const queue = await queues();
    const mine = await queue.of(first);
    const id = randomUUID();
    const attempts: number[] = [];
    const worker = new BackgroundWorker<Work>({
      name: 'kit-queue-later',
      source: jetStreamWorkSource<Work>({ next: () => mine.next(queue.durable), ackWaitMs: ACK_WAIT_MS, read: (m) => m.json<Work>() }),
      idleRecheckMs: 100,
      logger,
      handle: async (_work, inHand) => {
        attempts.push(inHand.attempt);
        return inHand.attempt === 1 ? { settled: 'later', inMs: 300 } : { settled: 'done' };
      },
    });
    workers.push(worker);
    await mine.publish(queue.subject, { id }, id);
    worker.start();
    await waitFor(() => attempts.length === 2, { what: 'the message back after its delay' });
    expect(attempts).toEqual([1, 2]);
  });

  it('serves sellers round-robin: a seller with three messages waiting does not hold up one who came later', async () => {
    const queue = await queues();
    const mine = await queue.of(first);
    const burst = [randomUUID(), randomUUID(), randomUUID()];
    const later = randomUUID();
    for (const id of burst) await mine.publish(queue.subject, { id, seller: 'busy' }, id);
    await mine.publish(queue.subject, { id: later, seller: 'later' }, later);
    const order: string[] = [];
    const worker = new BackgroundWorker<Work>({
      name: 'kit-queue-turns',
      source: inTurnsBySeller(
        jetStreamWorkSource<Work>({ next: () => mine.next(queue.durable), ackWaitMs: ACK_WAIT_MS, read: (m) => m.json<Work>() }),
        (work) => work.seller!,
        4,
      ),
      idleRecheckMs: 100,
      logger,
      handle: async (work) => {
        order.push(work.id);
        return { settled: 'done' };
      },
    });
    workers.push(worker);
    for (let turn = 0; turn < 4; turn += 1) await worker.runOnce();
    expect(order).toEqual([burst[0], later, burst[1], burst[2]]);
    await waitFor(async () => (await mine.backlog(queue.durable)).inFlight === 0, { what: 'every message acknowledged' });
  });

  it('hands back the work it looked ahead at, with the work in hand, when it stops', async () => {
    // A long ack wait: only the stopping worker's hand-back can bring the messages back within the test.
    const queue = await queues(120_000);
    const mine = await queue.of(first);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await mine.publish(queue.subject, { id, seller: 'one' }, id);
    let taken!: () => void;
    const started = new Promise<void>((resolve) => (taken = resolve));
    const stuck = new BackgroundWorker<Work>({
      name: 'kit-queue-turns-stop',
      source: inTurnsBySeller(
        jetStreamWorkSource<Work>({ next: () => mine.next(queue.durable), ackWaitMs: ACK_WAIT_MS, read: (m) => m.json<Work>() }),
        (work) => work.seller!,
        3,
      ),
      idleRecheckMs: 100,
      logger,
      handle: async () => {
        taken();
        return new Promise<Settlement>(() => undefined);
      },
    }).start();
    workers.push(stuck);
    await started;
    await expect(stuck.stop(200)).resolves.toBe(1);
    const other = await queue.of(second);
    const seen: string[] = [];
    workerOf('second', other, queue.durable, async (work) => {
      seen.push(work.id);
      return { settled: 'done' };
    }).start();
    await waitFor(() => seen.length === 3, { what: 'all three messages taken by the other instance' });
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});
