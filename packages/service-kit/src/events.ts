import { jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS, EVENTS_STREAM, EVENT_SCHEMAS } from '@printloom/contracts';
import type { z } from 'zod';
import type { Logger } from './logger.js';
import { runWithRequestContext } from './logger.js';
import { extractTraceContext, SpanKind, withSpan } from './tracing.js';
import { messageHeaders, requestIdOf } from './message-headers.js';
import { ensureDurablePullConsumer } from './nats-streams.js';
import { countRedelivery } from './redeliveries.js';

type EventSubject = (typeof EVENTS)[keyof typeof EVENTS];
type EventPayload<S extends EventSubject> = z.infer<(typeof EVENT_SCHEMAS)[S]>;

/** Publishes an event durably; `messageId` makes a retried publish a no-op inside the dedupe window. */
export async function publishEvent<S extends EventSubject>(
  nc: NatsConnection,
  subject: S,
  payload: EventPayload<S>,
  messageId: string,
): Promise<void> {
  const parsed = EVENT_SCHEMAS[subject].parse(payload);
  await jetstream(nc).publish(subject, JSON.stringify(parsed), { msgID: messageId, headers: messageHeaders() });
}

export interface EventConsumer {
  stop(): Promise<void>;
}

/**
 * A durable consumer shared by every instance of a service: each event is handled by one instance and
 * redelivered (with back-off) until its handler succeeds, so handlers must be idempotent. The events
 * stream must exist (the migration step makes it; startService waits for it).
 */
export async function consumeEvents<S extends EventSubject>(
  nc: NatsConnection,
  options: {
    durable: string;
    subject: S;
    logger: Logger;
    handler: (payload: EventPayload<S>) => Promise<void>;
  },
): Promise<EventConsumer> {
  // The stream is the migration step's (startService waits for it); the consumer's settings are ours.
  await ensureDurablePullConsumer(await jetstreamManager(nc), EVENTS_STREAM, {
    durable: options.durable,
    subject: options.subject,
    ackWaitMs: 30_000,
  });
  const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, options.durable);
  const messages = await consumer.consume({ max_messages: 16 });
  const done = (async () => {
    for await (const message of messages) {
      await handleOne(countRedelivery(message), options);
    }
  })();
  return {
    stop: async () => {
      await messages.close();
      await done.catch(() => undefined);
    },
  };
}

async function handleOne<S extends EventSubject>(
  message: JsMsg,
  options: { subject: S; logger: Logger; handler: (payload: EventPayload<S>) => Promise<void> },
): Promise<void> {
  const parsed = EVENT_SCHEMAS[options.subject].safeParse(message.json());
  if (!parsed.success) {
    options.logger.error({ subject: message.subject, issues: parsed.error.issues }, 'Dropping malformed event');
    message.term();
    return;
  }
  try {
    const parent = extractTraceContext(message.headers);
    await withSpan(
      `consume ${message.subject}`,
      { kind: SpanKind.CONSUMER, parent, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': message.subject } },
      () =>
        runWithRequestContext({ subject: message.subject, requestId: requestIdOf(message.headers) }, () =>
          options.handler(parsed.data as EventPayload<S>),
        ),
    );
    message.ack();
  } catch (error) {
    const delayMs = Math.min(60_000, 500 * 2 ** Math.min(message.info.deliveryCount, 7));
    options.logger.warn({ err: error, deliveryCount: message.info.deliveryCount, retryInMs: delayMs }, 'Event handler failed; will retry');
    message.nak(delayMs);
  }
}
