import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { EVENTS } from '@printloom/contracts';
import {
  BackgroundWorker,
  JetStreamWorkQueue,
  connectNats,
  consumeEvents,
  createLogger,
  currentRequestContext,
  ensureEventsStream,
  ensureWorkQueueStream,
  jetStreamWorkSource,
  publishEvent,
  requestIdOf,
  runWithRequestContext,
  type NatsConnection,
} from '../src/index.js';
import { startNatsServer, waitFor, type TestNats } from '../src/testing.js';

// Issue 41 item 12: the request id of the work that sends a JetStream message travels in its headers,
// so one id finds every log line from the click to the worker (a queued job, an event's handler).
describe('the request id in the headers of queued jobs and events (real nats-server with JetStream)', () => {
  let nats: TestNats;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connectNats(nats.url, 'request-id-test');
    await ensureEventsStream(nc);
  });

  afterAll(async () => {
    await nc?.drain();
    await nats?.stop();
  });

  it('a queued job carries the request id of the request that queued it (and none when there was none)', async () => {
    const id = randomUUID().replaceAll('-', '').slice(0, 12);
    const options = {
      stream: `KIT_RID_${id}`,
      subjects: [`kit-rid.${id}.>`],
      consumers: [{ durable: `rid-${id}`, subject: `kit-rid.${id}.jobs` }],
      ackWaitMs: 5_000,
    };
    await ensureWorkQueueStream(await jetstreamManager(nc), options);
    const queue = new JetStreamWorkQueue(nc, options);
    await queue.ensure();
    await runWithRequestContext({ requestId: 'req-generate-1' }, () => queue.publish(`kit-rid.${id}.jobs`, { job: 1 }, 'job-1'));
    await queue.publish(`kit-rid.${id}.jobs`, { job: 2 }, 'job-2');
    const first = await queue.next(`rid-${id}`, 3_000);
    const second = await queue.next(`rid-${id}`, 3_000);
    expect(requestIdOf(first?.headers)).toBe('req-generate-1');
    expect(requestIdOf(second?.headers)).toBeUndefined();
    await first!.ackAck();
    await second!.ackAck();
  });

  it("a worker's handler runs with the request id of the request that queued its job, and the jobs it queues carry it on", async () => {
    const id = randomUUID().replaceAll('-', '').slice(0, 12);
    const options = {
      stream: `KIT_RIDW_${id}`,
      subjects: [`kit-ridw.${id}.>`],
      consumers: [
        { durable: `ridw-${id}`, subject: `kit-ridw.${id}.jobs` },
        { durable: `ridw-next-${id}`, subject: `kit-ridw.${id}.next` },
      ],
      ackWaitMs: 5_000,
    };
    await ensureWorkQueueStream(await jetstreamManager(nc), options);
    const queue = new JetStreamWorkQueue(nc, options);
    await queue.ensure();
    const seen: (string | undefined)[] = [];
    const worker = new BackgroundWorker<{ job: number }>({
      name: `kit-ridw-${id}`,
      source: jetStreamWorkSource({
        next: () => queue.next(`ridw-${id}`, 1_000),
        ackWaitMs: 5_000,
        read: (m) => m.json<{ job: number }>(),
      }),
      idleRecheckMs: 100,
      logger: createLogger('request-id-test', 'silent'),
      handle: async (work) => {
        seen.push(currentRequestContext().requestId);
        await queue.publish(`kit-ridw.${id}.next`, work, `next-${work.job}`);
        return { settled: 'done' };
      },
    });
    await runWithRequestContext({ requestId: 'req-draft-3' }, () => queue.publish(`kit-ridw.${id}.jobs`, { job: 1 }, 'job-1'));
    worker.start();
    try {
      await waitFor(() => seen.length === 1, { timeoutMs: 5_000, what: 'the job handled' });
    } finally {
      await worker.stop(1_000);
    }
    expect(seen).toEqual(['req-draft-3']);
    const next = await queue.next(`ridw-next-${id}`, 3_000);
    expect(requestIdOf(next?.headers)).toBe('req-draft-3');
    await next!.ackAck();
  });

  it("an event's handler runs with the request id of the request that published the event", async () => {
    const seen: (string | undefined)[] = [];
    const consumer = await consumeEvents(nc, {
      durable: `rid-events-${randomUUID().slice(0, 8)}`,
      subject: EVENTS.userVerified,
      logger: createLogger('request-id-test', 'silent'),
      handler: async () => {
        seen.push(currentRequestContext().requestId);
      },
    });
    const userId = randomUUID();
    await runWithRequestContext({ requestId: 'req-verify-7' }, () =>
      publishEvent(nc, EVENTS.userVerified, { userId, email: 'a@example.com', at: new Date().toISOString() }, `verified:${userId}`),
    );
    await waitFor(() => seen.length === 1, { timeoutMs: 5_000, what: 'the event handled' });
    expect(seen).toEqual(['req-verify-7']);
    await consumer.stop();
  });
});
