import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';

export { SpanKind };

/** NATS headers as both nats.js versions expose them. */
interface HeaderCarrier {
  get(key: string): string;
  set(key: string, value: string): void;
}

let provider: NodeTracerProvider | undefined;
let exported = false;

/**
 * One tracer provider per process. Spans always exist (trace context crosses HTTP and NATS, logs carry
 * the trace id); they leave the process only when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://otel-collector:4318).
 */
export async function initTracing(service: string, otlpEndpoint?: string): Promise<void> {
  if (provider) return;
  // The exporter (with its OTLP transformer and metrics SDK, some 130 modules) loads only when it is
  // used: every process start without a collector would pay for it.
  const exporter = otlpEndpoint ? await import('@opentelemetry/exporter-trace-otlp-http') : undefined;
  if (provider) return; // another caller initialised it meanwhile
  const spanProcessors =
    exporter && otlpEndpoint
      ? [
          new BatchSpanProcessor(new exporter.OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` }), {
            scheduledDelayMillis: 1000,
          }),
        ]
      : [];
  exported = spanProcessors.length > 0;
  provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': service }), spanProcessors });
  provider.register({ propagator: new W3CTraceContextPropagator() });
}

/** Sends every finished span now (tests; graceful shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/**
 * Whether a finished span leaves this process (an OTLP endpoint is configured). Without it a span is
 * only seen through what it gives the work inside it (the trace id of log lines, the headers of calls
 * made); work that logs and calls nothing need not make one.
 */
export function spansLeaveProcess(): boolean {
  return exported;
}

export function tracer() {
  return trace.getTracer('printloom');
}

/** The trace id of the span in progress, for log lines. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() || span?.spanContext().traceFlags ? span.spanContext().traceId : undefined;
}

export function injectTraceHeaders(headers: HeaderCarrier, from: Context = context.active()): void {
  propagation.inject(from, headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/** NATS headers carrying the active trace context, for a JetStream publish. */
export function traceHeaders(): MsgHdrs {
  const headers = natsHeaders();
  injectTraceHeaders(headers);
  return headers;
}

export function extractTraceContext(headers: HeaderCarrier | undefined): Context {
  if (!headers) return context.active();
  return propagation.extract(context.active(), headers, {
    get: (carrier, key) => carrier.get(key) || undefined,
    keys: () => ['traceparent', 'tracestate'],
  });
}

/** Runs `fn` inside a span (child of `parent`, default the active context), recording failures. */
export async function withSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes; parent?: Context },
  fn: () => Promise<T>,
): Promise<T> {
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, options.parent ?? context.active());
  try {
    return await context.with(trace.setSpan(options.parent ?? context.active(), span), fn);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}
