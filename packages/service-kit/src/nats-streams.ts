// The JetStream streams and durable consumers, made in one place: the one-shot migration step
// (scripts/migrate.mjs, as the NATS user `migrate`) runs `prepareNatsStreams` before the apps start.
// The apps never create or update a stream (their NATS users may not): an app whose stream is missing
// waits for it (`waitForStreams`, not ready meanwhile). What each stream holds and which consumers read
// it are in the contracts (NATS_STREAM_SUBJECTS, NATS_DURABLE_CONSUMERS); this file adds how it keeps them.
import { AckPolicy, DeliverPolicy, RetentionPolicy, jetstreamManager, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS_STREAM, GENERATION_QUEUE, PUBLISHING_QUEUE } from '@printloom/contracts';
import { NATS_DURABLE_CONSUMERS, NATS_STREAM_SUBJECTS, type NatsDurableConsumer } from '@printloom/contracts/nats-access';
import type { Logger } from './logger.js';

const NANOS_PER_MS = 1e6;
const TEN_MINUTES_MS = 10 * 60_000;

/** A work-queue stream: a message leaves it when a worker acknowledges it. */
export interface WorkQueueStream {
  stream: string;
  /** What the stream holds (a wildcard may cover several consumers' subjects). */
  subjects: string[];
  /** Copies of the stream on a NATS cluster (NATS_STREAM_REPLICAS): a message survives losing the node that leads it. */
  replicas?: number;
  /** How long a `msgID` is remembered: a publish repeated within it is stored once. */
  duplicateWindowMs?: number;
}

/** A durable explicit-ack pull consumer's settings. */
export interface DurablePullConsumer {
  durable: string;
  subject: string;
  /** How long a delivered message may go unacknowledged (and without `working()`) before it is redelivered. */
  ackWaitMs: number;
  /** Deliveries before JetStream gives a message up; -1 (the default): never (a step decides itself when to stop). */
  maxDeliver?: number;
}

/**
 * The ack wait a consumer is created with. It is the consuming app's own setting (JOB_ACK_WAIT_MS,
 * PUBLISHING_ACK_WAIT_MS): the app re-asserts its value at start through its own filtered create, and
 * the migration step leaves an existing consumer's ack wait as it is.
 */
const DEFAULT_ACK_WAIT_MS: Record<string, number> = {
  [EVENTS_STREAM]: 30_000,
  [GENERATION_QUEUE.stream]: 15_000,
  [PUBLISHING_QUEUE.stream]: 60_000,
};

/** The events stream keeps events 14 days; a retried publish is a no-op within 10 minutes. */
function eventsStreamConfig(replicas: number): Partial<StreamConfig> & { name: string } {
  return {
    name: EVENTS_STREAM,
    subjects: [...NATS_STREAM_SUBJECTS[EVENTS_STREAM]],
    max_age: 14 * 24 * 3600 * 1e9,
    duplicate_window: TEN_MINUTES_MS * NANOS_PER_MS,
    num_replicas: replicas,
  };
}

/** The work-queue streams of the contracts; the batch feeder's republish of a lost feed relies on the 10-minute window (batch-feeder.ts). */
const workQueueStreams = (replicas: number): WorkQueueStream[] =>
  [GENERATION_QUEUE.stream, PUBLISHING_QUEUE.stream].map((stream) => ({
    stream,
    subjects: [...NATS_STREAM_SUBJECTS[stream]],
    replicas,
    duplicateWindowMs: TEN_MINUTES_MS,
  }));

/**
 * Creates the events stream, or widens its subjects when the contracts add an event and adjusts its
 * replicas when the setting changed. Tolerates another run creating it at the same moment.
 */
export async function ensureEventsStream(nc: NatsConnection, replicas = 1): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const wanted = eventsStreamConfig(replicas);
  const existing = await streamInfo(jsm, EVENTS_STREAM);
  if (!existing) {
    await addTolerant(jsm, wanted);
    return;
  }
  const subjects = existing.config.subjects ?? [];
  const missing = (wanted.subjects ?? []).filter((subject) => !subjects.includes(subject));
  if (missing.length > 0 || (existing.config.num_replicas ?? 1) !== replicas)
    await jsm.streams.update(EVENTS_STREAM, { ...existing.config, subjects: [...subjects, ...missing], num_replicas: replicas });
}

/**
 * Creates a work-queue stream, or brings the replicas of an existing one up to the setting (its other
 * settings, e.g. a duplicate window an earlier release chose, stay). Tolerates another run creating it at the same moment.
 */
export async function ensureWorkQueueStream(jsm: JetStreamManager, options: WorkQueueStream): Promise<void> {
  const replicas = options.replicas ?? 1;
  const existing = await streamInfo(jsm, options.stream);
  if (!existing) {
    await addTolerant(jsm, {
      name: options.stream,
      subjects: options.subjects,
      retention: RetentionPolicy.Workqueue,
      duplicate_window: (options.duplicateWindowMs ?? TEN_MINUTES_MS) * NANOS_PER_MS,
      num_replicas: replicas,
    });
  } else if ((existing.config.num_replicas ?? 1) !== replicas) {
    await jsm.streams.update(options.stream, { ...existing.config, num_replicas: replicas });
  }
}

/**
 * Adds a durable explicit-ack pull consumer, or brings one an earlier release made (e.g. with another
 * ack wait) up to this configuration. nats.js sends both as the filtered
 * `$JS.API.CONSUMER.CREATE.<stream>.<durable>.<filter>`: the one form an app's NATS user has, for its
 * own consumers only.
 */
export async function ensureDurablePullConsumer(jsm: JetStreamManager, stream: string, options: DurablePullConsumer): Promise<void> {
  const config = {
    durable_name: options.durable,
    filter_subject: options.subject,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: options.ackWaitMs * NANOS_PER_MS,
    max_deliver: options.maxDeliver ?? -1,
  };
  await jsm.consumers.add(stream, config).catch(() => jsm.consumers.update(stream, config.durable_name, config));
}

/** A durable consumer of the contracts, created when missing; an existing one keeps its ack wait (its app's setting). */
async function ensureDeclaredConsumer(jsm: JetStreamManager, consumer: NatsDurableConsumer): Promise<void> {
  const existing = await jsm.consumers.info(consumer.stream, consumer.durable).catch(() => null);
  await ensureDurablePullConsumer(jsm, consumer.stream, {
    durable: consumer.durable,
    subject: consumer.filter,
    ackWaitMs: existing?.config.ack_wait ? existing.config.ack_wait / NANOS_PER_MS : DEFAULT_ACK_WAIT_MS[consumer.stream],
  });
}

export interface PreparedStreams {
  streams: string[];
  consumers: string[];
}

/**
 * The migration step's NATS part: every stream of the contracts (with `replicas` copies, the
 * NATS_STREAM_REPLICAS setting) and every durable consumer, created or brought up to date. Idempotent.
 */
export async function prepareNatsStreams(nc: NatsConnection, options: { replicas?: number } = {}): Promise<PreparedStreams> {
  const replicas = options.replicas ?? 1;
  const jsm = await jetstreamManager(nc);
  await ensureEventsStream(nc, replicas);
  for (const stream of workQueueStreams(replicas)) await ensureWorkQueueStream(jsm, stream);
  for (const consumer of NATS_DURABLE_CONSUMERS) await ensureDeclaredConsumer(jsm, consumer);
  return { streams: Object.keys(NATS_STREAM_SUBJECTS), consumers: NATS_DURABLE_CONSUMERS.map((consumer) => consumer.durable) };
}

/** The streams of `names` that do not exist yet (any other error, e.g. a refused request, is thrown). */
export async function missingStreams(nc: NatsConnection, names: readonly string[]): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const missing: string[] = [];
  for (const name of names) if (!(await streamInfo(jsm, name))) missing.push(name);
  return missing;
}

/**
 * Resolves once every stream of `names` exists: an app waits here for the migration step (which alone
 * may create streams) instead of creating one. `onWaiting` hears each round's missing streams.
 */
export async function waitForStreams(
  nc: NatsConnection,
  names: readonly string[],
  options: { intervalMs?: number; logger?: Logger; onWaiting?: (missing: string[]) => void } = {},
): Promise<void> {
  if (names.length === 0) return; // an app without streams may not even read the account
  let logged = false;
  for (;;) {
    if (nc.isClosed()) throw new Error('NATS connection closed while waiting for streams');
    const missing = await missingStreams(nc, names).catch((error: unknown) => [`(${(error as Error).message})`]);
    options.onWaiting?.(missing);
    if (missing.length === 0) return;
    if (!logged) options.logger?.warn({ missing }, 'Waiting for JetStream streams: the migration step creates them');
    logged = true;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
  }
}

async function streamInfo(jsm: JetStreamManager, name: string) {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (/stream not found/i.test(String((error as Error).message))) return null;
    throw error;
  }
}

/** Adds a stream; when another run added it first, that is fine as long as it is there now. */
async function addTolerant(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  await jsm.streams.add(config).catch(async (error: unknown) => {
    await jsm.streams.info(config.name).catch(() => {
      throw error;
    });
  });
}
