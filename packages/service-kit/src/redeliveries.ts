import type { JsMsg } from '@nats-io/jetstream';
import type { ServiceMetrics } from './metrics.js';

/**
 * Messages JetStream hands out again (delivered before and not acknowledged in time: a worker died, or
 * timed out mid-job), counted per stream and consumer where they arrive: the redelivery alert needs a
 * counter, and the exporter's jetstream_consumer_num_redelivered is a gauge (redelivered and still
 * pending) that falls as they are acknowledged. Bound once per process at boot (createMetrics), so the
 * queue and event consumers count without each being handed the metrics.
 */
let counter: ReturnType<ServiceMetrics['counter']> | undefined;

export function bindRedeliveryCounter(metrics: Pick<ServiceMetrics, 'counter'>): void {
  counter = metrics.counter(
    'printloom_jetstream_redeliveries_total',
    'JetStream messages received again after an earlier delivery was not acknowledged, by stream and consumer',
    ['stream', 'consumer'],
  );
}

/** Counts `message` when it is a redelivery; returns it, so a receive can pass through. */
export function countRedelivery<M extends Pick<JsMsg, 'info'> | null>(message: M): M {
  if (message && message.info.deliveryCount > 1) counter?.inc({ stream: message.info.stream, consumer: message.info.consumer });
  return message;
}
