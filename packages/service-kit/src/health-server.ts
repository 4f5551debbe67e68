import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, type Registry } from 'prom-client';

export type HealthCheck = () => Promise<void>;

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The small HTTP port of a service: `/health/live` answers while the process runs (a liveness probe
 * must not restart a pod because its database is down); `/health/ready` (and `/health`) runs every
 * check (PostgreSQL, NATS, storage...) and answers 503 naming what is down; `/metrics` is Prometheus text.
 */
export async function startHealthServer(
  service: string,
  port: number,
  checks: Record<string, HealthCheck>,
  registry: Registry,
): Promise<HealthServer> {
  // Each scrape runs the readiness checks: alerts see a dependency down from every process that needs it.
  if (!registry.getSingleMetric('printloom_dependency_up')) {
    new Gauge({
      name: 'printloom_dependency_up',
      help: "Whether a dependency (postgres, nats, storage...) answered this process's readiness check: 1 up, 0 down",
      labelNames: ['dependency'],
      registers: [registry],
      async collect() {
        for (const [dependency, result] of Object.entries(await runChecks(checks))) this.set({ dependency }, result === 'up' ? 1 : 0);
      },
    });
  }
  const server = http.createServer(async (req, res) => {
    if (req.url === '/health/live') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', service }));
      return;
    }
    if (req.url === '/health' || req.url === '/health/ready') {
      const results = await runChecks(checks);
      const healthy = Object.values(results).every((result) => result === 'up');
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: healthy ? 'ok' : 'error', service, checks: results }));
      return;
    }
    if (req.url === '/metrics') {
      res.writeHead(200, { 'content-type': registry.contentType });
      res.end(await registry.metrics());
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function runChecks(checks: Record<string, HealthCheck>): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000);
        return [name, 'up'] as const;
      } catch (error) {
        return [name, `down: ${(error as Error).message}`] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
