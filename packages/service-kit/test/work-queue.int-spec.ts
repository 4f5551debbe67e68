import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy, RetentionPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import {
  JetStreamWorkQueue,
  connectNats,
  createMetrics,
  ensureWorkQueueStream,
  type NatsConnection,
  type WorkQueueOptions,
  type WorkQueueStream,
} from '../src/index.js';
import { startNatsCluster, startNatsServer, waitFor, type TestNats, type TestNatsCluster } from '../src/testing.js';

type QueueOptions = WorkQueueOptions & WorkQueueStream;

describe('JetStreamWorkQueue on a real nats-server', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  /** Each test makes streams of its own name and deletes them: no test sees another's messages. */
  const streams: string[] = [];

  /** Options for a queue on a stream no other test uses: subjects `<prefix>.a` and `<prefix>.b`, one consumer each. */
  function queueOptions(overrides: Partial<QueueOptions> = {}): QueueOptions & { prefix: string } {
    const id = randomUUID().replaceAll('-', '').slice(0, 12);
    const stream = `KIT_WORK_${id}`;
    const prefix = `kit-work.${id}`;
    streams.push(stream);
    return {
      prefix,
      stream,
      subjects: [`${prefix}.>`],
      consumers: [
        { durable: `a-${id}`, subject: `${prefix}.a` },
        { durable: `b-${id}`, subject: `${prefix}.b` },
      ],
      ackWaitMs: 5_000,
      ...overrides,
    };
  }

  /** The migration step makes the stream (ensureWorkQueueStream), then the app's queue its consumers. */
  async function prepared(options: QueueOptions): Promise<JetStreamWorkQueue> {
    await ensureWorkQueueStream(jsm, options);
    const queue = new JetStreamWorkQueue(nc, options);
    await queue.ensure();
    return queue;
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connectNats(nats.url, 'work-queue-test');
    jsm = await jetstreamManager(nc);
  });

  afterEach(async () => {
    for (const stream of streams.splice(0)) await jsm.streams.delete(stream).catch(() => undefined);
  });

  afterAll(async () => {
    await nc?.drain();
    await nats?.stop();
  });

  it('two migration runs at once both succeed and make one work-queue stream; two instances then share its consumers', async () => {
    const options = queueOptions({ duplicateWindowMs: 120_000 });
    // Two runs of different releases: the second asks for another window, so its add is refused, not repeated.
    const older = { ...options, duplicateWindowMs: 60_000 };
    await expect(Promise.all([ensureWorkQueueStream(jsm, options), ensureWorkQueueStream(jsm, older)])).resolves.toEqual([
      undefined,
      undefined,
    ]);
    await expect(Promise.all([new JetStreamWorkQueue(nc, options).ensure(), new JetStreamWorkQueue(nc, older).ensure()])).resolves.toEqual([
      undefined,
      undefined,
    ]);

    const stream = await jsm.streams.info(options.stream);
    expect(stream.config).toMatchObject({ subjects: [`${options.prefix}.>`], retention: RetentionPolicy.Workqueue, num_replicas: 1 });
    expect([60_000 * 1e6, 120_000 * 1e6]).toContain(stream.config.duplicate_window);
    for (const consumer of options.consumers) {
      const info = await jsm.consumers.info(options.stream, consumer.durable);
      expect(info.config).toMatchObject({
        durable_name: consumer.durable,
        filter_subject: consumer.subject,
        ack_policy: AckPolicy.Explicit,
        ack_wait: 5_000 * 1e6,
        max_deliver: -1,
      });
    }
  });

  it('leaves an existing stream with the same replicas as it is, and brings its consumers up to the options', async () => {
    const options = queueOptions({ ackWaitMs: 15_000, maxDeliver: 20 });
    // As an earlier release made them: another duplicate window, and a 60 s ack wait.
    await jsm.streams.add({
      name: options.stream,
      subjects: options.subjects,
      retention: RetentionPolicy.Workqueue,
      duplicate_window: 30_000 * 1e6,
    });
    const [first] = options.consumers;
    await jsm.consumers.add(options.stream, {
      durable_name: first.durable,
      filter_subject: first.subject,
      ack_policy: AckPolicy.Explicit,
      ack_wait: 60_000 * 1e6,
    });

    await prepared(options);

    expect((await jsm.streams.info(options.stream)).config.duplicate_window).toBe(30_000 * 1e6);
    for (const consumer of options.consumers) {
      const { config } = await jsm.consumers.info(options.stream, consumer.durable);
      expect([config.ack_wait, config.max_deliver]).toEqual([15_000 * 1e6, 20]);
    }
  });

  it('changes the copies of an existing stream when the replicas setting differs, and keeps the rest of its config', async () => {
    const options = queueOptions({ duplicateWindowMs: 60_000 });
    await ensureWorkQueueStream(jsm, options);

    // A single node stores the setting (it holds one copy whatever it says): enough to see the update made.
    await ensureWorkQueueStream(jsm, { ...options, duplicateWindowMs: 120_000, replicas: 3 });
    const { config } = await jsm.streams.info(options.stream);
    expect([config.num_replicas, config.duplicate_window]).toEqual([3, 60_000 * 1e6]);
  });

  it('stores a message once per msgID within the duplicate window', async () => {
    const options = queueOptions();
    const queue = await prepared(options);
    const [first] = options.consumers;

    const stored = await queue.publish(first.subject, { jobId: 'j1' }, 'j1');
    const repeated = await queue.publish(first.subject, { jobId: 'j1' }, 'j1');
    await queue.publish(first.subject, { jobId: 'j2' }, 'j2');

    expect([stored.duplicate, repeated.duplicate]).toEqual([false, true]);
    await expect(queue.backlog(first.durable)).resolves.toEqual({ pending: 2, inFlight: 0 });
  });

  it("hands each consumer its own subject's messages; an acknowledged one leaves the backlog", async () => {
    const options = queueOptions();
    const queue = await prepared(options);
    const [a, b] = options.consumers;
    await queue.publish(a.subject, { n: 1 }, 'a1');
    await queue.publish(a.subject, { n: 2 }, 'a2');
    await queue.publish(b.subject, { n: 3 }, 'b1');
    await expect(queue.backlog(a.durable)).resolves.toEqual({ pending: 2, inFlight: 0 });
    await expect(queue.backlog(b.durable)).resolves.toEqual({ pending: 1, inFlight: 0 });

    const message = await queue.next(a.durable);
    expect(message?.json()).toEqual({ n: 1 });
    await expect(queue.backlog(a.durable)).resolves.toEqual({ pending: 1, inFlight: 1 });

    await message!.ackAck();
    await expect(queue.backlog(a.durable)).resolves.toEqual({ pending: 1, inFlight: 0 });
    expect((await queue.next(b.durable))?.json()).toEqual({ n: 3 });
    expect((await queue.next(a.durable))?.json()).toEqual({ n: 2 });
  });

  it('answers null when nothing comes within the wait', async () => {
    const options = queueOptions();
    const queue = await prepared(options);

    await expect(queue.next(options.consumers[0].durable, 1_000)).resolves.toBeNull();
  });

  it('redelivers a message not acknowledged within the ack wait', async () => {
    const options = queueOptions({ ackWaitMs: 1_500 });
    const queue = await prepared(options);
    const [first] = options.consumers;
    await queue.publish(first.subject, { jobId: 'held' }, 'held');

    const taken = await queue.next(first.durable);
    const takenAt = Date.now();
    expect(taken?.info.deliveryCount).toBe(1);

    const redelivered = await queue.next(first.durable, 3_000);
    expect(Date.now() - takenAt).toBeGreaterThanOrEqual(1_000);
    expect(redelivered?.json()).toEqual({ jobId: 'held' });
    expect(redelivered?.info.deliveryCount).toBe(2);
    await redelivered!.ackAck();
  });

  it('counts each redelivery (not the first delivery) in printloom_jetstream_redeliveries_total, by stream and consumer', async () => {
    const metrics = createMetrics('kit-test');
    const options = queueOptions({ ackWaitMs: 1_000 });
    const queue = await prepared(options);
    const [first] = options.consumers;
    const counted = async () =>
      (await metrics.registry.getSingleMetric('printloom_jetstream_redeliveries_total')!.get()).values.find(
        (value) => value.labels.stream === options.stream && value.labels.consumer === first.durable,
      )?.value ?? 0;
    await queue.publish(first.subject, { jobId: 'dropped' }, 'dropped');

    expect((await queue.next(first.durable))?.info.deliveryCount).toBe(1);
    expect(await counted()).toBe(0);
    const again = await queue.next(first.durable, 3_000);
    expect(again?.info.deliveryCount).toBe(2);
    expect(await counted()).toBe(1);
    await again!.ackAck();
  });

  it('waits in ensure() for a stream the migration step makes later, then takes its messages', async () => {
    const options = queueOptions();
    const queue = new JetStreamWorkQueue(nc, options);
    let ensured = false;
    const ensuring = queue.ensure().then(() => (ensured = true));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ensured).toBe(false);
    await expect(jsm.streams.info(options.stream)).rejects.toThrow(/stream not found/);

    await ensureWorkQueueStream(jsm, options);
    await ensuring;
    await queue.publish(options.consumers[0].subject, { n: 1 }, 'late');
    expect((await queue.next(options.consumers[0].durable))?.json()).toEqual({ n: 1 });
  });

  it('refuses to hand out messages of a consumer before ensure()', async () => {
    const options = queueOptions();
    const queue = new JetStreamWorkQueue(nc, options);

    expect(queue.has(options.consumers[0].durable)).toBe(false);
    await expect(queue.next(options.consumers[0].durable)).rejects.toThrow(/ensure\(\)/);
  });
});

describe('JetStreamWorkQueue on a 3-node cluster (real nats-server processes)', () => {
  let cluster: TestNatsCluster;
  let nc: NatsConnection;

  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    nc = await connectNats(cluster.url, 'work-queue-cluster-test');
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await cluster?.stop();
  });

  it('changes the copies of an existing stream when the replicas setting changed', async () => {
    const options: QueueOptions = {
      stream: 'KIT_WORK_REPLICAS',
      subjects: ['kit-work.replicas'],
      consumers: [{ durable: 'replicas-workers', subject: 'kit-work.replicas' }],
      ackWaitMs: 5_000,
    };
    const jsm = await jetstreamManager(nc);
    await ensureWorkQueueStream(jsm, options);
    expect((await jsm.streams.info(options.stream)).config.num_replicas).toBe(1);

    await ensureWorkQueueStream(jsm, { ...options, replicas: 3 });
    const queue = new JetStreamWorkQueue(nc, options);
    await queue.ensure();

    expect((await jsm.streams.info(options.stream)).config.num_replicas).toBe(3);
    // The stream elects its leader again among the three copies: until then a publish finds no one.
    await waitFor(async () => Boolean(await queue.publish('kit-work.replicas', { n: 1 }, 'n1')), {
      what: 'a publish to the replicated stream',
      retryOn: () => true,
    });
    // Its consumer is copied three times too and elects its own leader; until then its info goes
    // unanswered and backlog() reports zeros (the metrics go on), so ask until that leader answers.
    await waitFor(async () => Boolean(await jsm.consumers.info(options.stream, 'replicas-workers')), {
      what: "the replicated consumer's leader",
      retryOn: () => true,
    });
    await expect(queue.backlog('replicas-workers')).resolves.toEqual({ pending: 1, inFlight: 0 });
  });
});
