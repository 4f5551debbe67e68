import type { IncomingHttpHeaders } from 'node:http';
import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { tracer, type ServiceMetrics } from '@printloom/service-kit';

/**
 * Per HTTP request: a server span (continuing the caller's `traceparent`, if any) that every RPC and
 * job of the request joins, and a latency histogram by method, route pattern (`/api/jobs/:id`, never
 * the raw path, so labels stay few) and status. Requests no route matched count as `unmatched`
 * (or `static` for the SPA's files).
 */
export function httpTelemetryMiddleware(metrics: ServiceMetrics) {
  const duration = httpDuration(metrics);
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const { span, parent } = startServerSpan(req.method, req.path, req.headers);
    res.once('finish', () => {
      const pattern = (req.route as { path?: string } | undefined)?.path;
      const route = pattern ? `${req.baseUrl}${pattern}` : req.originalUrl.startsWith('/api') ? 'unmatched' : 'static';
      duration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}

/** A server span for one HTTP request, continuing the caller's `traceparent` when it sends one. */
export function startServerSpan(method: string, path: string, headers: IncomingHttpHeaders): { span: Span; parent: Context } {
  const parent = propagation.extract(context.active(), headers, {
    get: (carrier, key) => {
      const value = carrier[key];
      return Array.isArray(value) ? value[0] : value;
    },
    keys: (carrier) => Object.keys(carrier),
  });
  const span = tracer().startSpan(`${method} ${path}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  return { span, parent };
}

export function httpDuration(metrics: ServiceMetrics) {
  return metrics.histogram('printloom_http_request_duration_seconds', 'HTTP requests through the gateway, by method, route and status', [
    'method',
    'route',
    'status',
  ]);
}
