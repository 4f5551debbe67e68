import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy, DeliverPolicy, RetentionPolicy, jetstreamManager } from '@nats-io/jetstream';
import { GENERATION_QUEUE } from '@printloom/contracts';
import { connectNats, type NatsConnection } from '@printloom/service-kit';
import { startNatsServer, type TestNats } from '@printloom/service-kit/testing';
import { JobQueue, PRIORITY_TIERS } from '../src/jobs/job-queue.js';

/**
 * Issue 32: the ack wait went from 60 s to 15 s (progress heartbeats extend it while a job runs). The
 * durable consumers of a running system were made with the old value: a new release's start updates
 * them, or a killed worker's job would still wait out the minute.
 */
describe('the generation queue on an existing JetStream (real nats-server)', () => {
  let nats: TestNats;
  let nc: NatsConnection;

  beforeAll(async () => {
    // the stream and consumers as an earlier release left them (made below), not as this migration step makes them
    nats = await startNatsServer({ streams: false });
    nc = await connectNats(nats.url, 'test');
  });

  afterAll(async () => {
    await nc?.drain();
    await nats?.stop();
  });

  it("updates the durable consumers' ack wait made by an earlier release", async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({
      name: GENERATION_QUEUE.stream,
      subjects: [GENERATION_QUEUE.allSubjects],
      retention: RetentionPolicy.Workqueue,
    });
    for (const tier of PRIORITY_TIERS)
      await jsm.consumers.add(GENERATION_QUEUE.stream, {
        durable_name: GENERATION_QUEUE.consumerOf(tier),
        filter_subject: GENERATION_QUEUE.subjectOf(tier),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: 60_000 * 1e6,
        max_deliver: -1,
      });
    const ackWaits = async () =>
      Promise.all(
        PRIORITY_TIERS.map(
          async (tier) => (await jsm.consumers.info(GENERATION_QUEUE.stream, GENERATION_QUEUE.consumerOf(tier))).config.ack_wait,
        ),
      );
    expect(await ackWaits()).toEqual(PRIORITY_TIERS.map(() => 60_000 * 1e6));

    const queue = new JobQueue(nc, 15_000);
    await queue.ensure();
    expect(await ackWaits()).toEqual(PRIORITY_TIERS.map(() => 15_000 * 1e6));
    queue.close();
  });
});
