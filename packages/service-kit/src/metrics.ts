import { Registry, collectDefaultMetrics, Histogram } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  handlerDuration: Histogram<'subject' | 'outcome'>;
}

export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const handlerDuration = new Histogram({
    name: 'printloom_handler_duration_seconds',
    help: 'Time spent handling a NATS request, by subject and outcome',
    labelNames: ['subject', 'outcome'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, handlerDuration };
}
