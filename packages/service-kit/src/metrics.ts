import { Registry, collectDefaultMetrics, Counter, Gauge, Histogram } from 'prom-client';
import { bindRedeliveryCounter } from './redeliveries.js';

/** Seconds: from a fast cache hit to a slow image provider call. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export interface ServiceMetrics {
  registry: Registry;
  /** Server side: time spent handling a NATS request. */
  handlerDuration: Histogram<'subject' | 'outcome'>;
  /** Client side: a NATS request/reply round trip as the caller sees it (includes queueing and network). */
  rpcDuration: Histogram<'subject' | 'outcome'>;
  /** Client side: 1 while a subject's circuit is open or half-open (its requests fail fast), 0 once closed. */
  rpcCircuitOpen: Gauge<'subject'>;
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L>;
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect?: (gauge: Gauge<L>) => Promise<void> | void,
  ): Gauge<L>;
  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets?: number[]): Histogram<L>;
}

/**
 * prom-client samples event-loop lag every 10 ms by default: 100 wake-ups a second that cost an idle
 * process about 0.4% of a core. Ten samples a second still catch any stall worth a metric.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const registers = [registry];
  const existing = (name: string) => registry.getSingleMetric(name);
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    (existing(name) as Counter<L>) ?? new Counter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect?: (gauge: Gauge<L>) => Promise<void> | void,
  ) =>
    (existing(name) as Gauge<L>) ??
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      ...(collect
        ? {
            async collect(this: Gauge<L>) {
              await collect(this);
            },
          }
        : {}),
    });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets = LATENCY_BUCKETS) =>
    (existing(name) as Histogram<L>) ?? new Histogram<L>({ name, help, labelNames, buckets, registers });
  bindRedeliveryCounter({ counter });

  return {
    registry,
    handlerDuration: histogram('printloom_handler_duration_seconds', 'Time spent handling a NATS request, by subject and outcome', [
      'subject',
      'outcome',
    ]),
    rpcDuration: histogram(
      'printloom_rpc_client_duration_seconds',
      'NATS request/reply round trip seen by the caller, by subject and outcome',
      ['subject', 'outcome'],
    ),
    rpcCircuitOpen: gauge(
      'printloom_rpc_circuit_open',
      "1 while a subject's circuit breaker is open or half-open (requests to it fail fast), 0 once closed",
      ['subject'],
    ),
    counter,
    gauge,
    histogram,
  };
}
