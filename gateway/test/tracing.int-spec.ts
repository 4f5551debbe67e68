import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushTracing } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** A stand-in OTLP/HTTP collector: keeps every span it is sent (JSON encoding). */
function startCollector() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of payload.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return {
    spans,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OpenTelemetry traces across the gateway, NATS and the services (OTLP exporter on)', () => {
  const collector = startCollector();
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing'], env: { OTEL_EXPORTER_OTLP_ENDPOINT: await collector.start() } });
  });
  afterAll(async () => {
    await system?.close();
    await collector.stop();
  });

  it("continues the caller's trace through the gateway and, over NATS headers, into the auth service", async () => {
    const { client } = await createSignedInUser(system, 'traced@example.com');
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await client.get('/api/auth/me', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    expect(response.status).toBe(200);
    await flushTracing();

    const trace = collector.spans.filter((span) => span.traceId === traceId);
    const httpSpan = trace.find((span) => span.name === 'GET /api/auth/me');
    const rpcSpan = trace.find((span) => span.name === 'rpc auth.session.resolve');
    const handlerSpan = trace.find((span) => span.name === 'handle auth.session.resolve');
    expect(httpSpan).toMatchObject({ parentSpanId: '00f067aa0ba902b7' });
    expect(rpcSpan).toMatchObject({ parentSpanId: httpSpan!.spanId });
    // The handler runs from a NATS subscription, not the caller's async context: only the headers link them.
    expect(handlerSpan).toMatchObject({ parentSpanId: rpcSpan!.spanId });
  });

  it("gives an answer from the gateway's cache a server span of its own in the caller's trace", async () => {
    const { client } = await createSignedInUser(system, 'traced-cached@example.com');
    expect((await client.get('/api/auth/me')).status).toBe(200); // fills the session and me caches
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await client.get('/api/auth/me', { traceparent: `00-${traceId}-b7ad6b7169203331-01` });
    expect(response.status).toBe(200);
    await flushTracing();

    const trace = collector.spans.filter((span) => span.traceId === traceId);
    expect(trace.map((span) => span.name)).toEqual(['GET /api/auth/me']); // no RPC: answered from the cache
    expect(trace[0]).toMatchObject({ parentSpanId: 'b7ad6b7169203331' });
    expect(trace[0].attributes).toEqual(
      expect.arrayContaining([
        { key: 'http.route', value: { stringValue: '/api/auth/me' } },
        { key: 'printloom.gateway_cache', value: { stringValue: 'hit' } },
      ]),
    );
  });
});
