import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, type Registry } from 'prom-client';

export type HealthCheck = () => Promise<void>;

export interface HealthChecks {
  /** What the process cannot serve anything without (NATS; PostgreSQL for a service owning data): readiness fails while one is down. */
  ready: Record<string, HealthCheck>;
  /**
   * What it can serve some answers without (object storage): reported by `printloom_dependency_up` and
   * alerts, never by readiness, so a slow or misconfigured store cannot take every replica out at once.
   */
  reported?: Record<string, HealthCheck>;
}

export interface HealthServerOptions {
  /** How often the dependency gauge is refreshed in the background (a scrape also asks for a refresh). */
  refreshMs?: number;
  /** How long one check may take before it counts as down (2 s). */
  checkTimeoutMs?: number;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/** A scrape asks for a refresh when the last one is older than this (and none is running). */
const SCRAPE_REFRESH_AFTER_MS = 1000;
const CHECK_TIMEOUT_MS = 2000;

/**
 * The small HTTP port of a process: `/health/live` answers while the process runs (a liveness probe
 * must not restart a pod because its database is down); `/health/ready` (and `/health`) runs the
 * readiness checks and answers 503 naming what is down, with the last background result of the
 * reported dependencies beside them; `/metrics` is Prometheus text, with `printloom_dependency_up`
 * for every dependency, refreshed in the background: neither a probe nor a scrape waits for a check.
 */
export async function startHealthServer(
  service: string,
  port: number,
  checks: HealthChecks,
  registry: Registry,
  options: HealthServerOptions = {},
): Promise<HealthServer> {
  const checkTimeoutMs = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const monitor = startDependencyMonitor({ ...checks.ready, ...checks.reported }, registry, options.refreshMs ?? 10_000, checkTimeoutMs);
  const server = http.createServer(async (req, res) => {
    if (req.url === '/health/live') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', service }));
      return;
    }
    if (req.url === '/health' || req.url === '/health/ready') {
      const results = await runChecks(checks.ready, checkTimeoutMs);
      const healthy = Object.values(results).every((result) => result === 'up');
      const reported = Object.fromEntries(Object.keys(checks.reported ?? {}).map((name) => [name, monitor.last(name)]));
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: healthy ? 'ok' : 'error',
          service,
          checks: results,
          ...(Object.keys(reported).length > 0 ? { reported } : {}),
        }),
      );
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
    close: async () => {
      monitor.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface DependencyMonitor {
  /** The last result of a dependency's check ('unknown' before the first). */
  last(name: string): string;
  stop(): void;
}

/** Runs every check on a timer and sets `printloom_dependency_up`; never two rounds at once. */
function startDependencyMonitor(
  checks: Record<string, HealthCheck>,
  registry: Registry,
  refreshMs: number,
  checkTimeoutMs: number,
): DependencyMonitor {
  let results: Record<string, string> = {};
  let lastStarted = 0;
  let running: Promise<void> | undefined;
  const refresh = () => {
    if (running) return;
    lastStarted = Date.now();
    running = runChecks(checks, checkTimeoutMs)
      .then((fresh) => {
        results = fresh;
        for (const [dependency, result] of Object.entries(fresh)) gauge.set({ dependency }, result === 'up' ? 1 : 0);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const gauge =
    (registry.getSingleMetric('printloom_dependency_up') as Gauge<'dependency'> | undefined) ??
    new Gauge({
      name: 'printloom_dependency_up',
      help: "Whether a dependency (postgres, nats, storage...) answered this process's last background check: 1 up, 0 down",
      labelNames: ['dependency'],
      registers: [registry],
      collect() {
        // The scrape reads the last result at once and asks for a fresh one for the next scrape.
        if (Date.now() - lastStarted >= SCRAPE_REFRESH_AFTER_MS) refresh();
      },
    });
  refresh();
  const timer = setInterval(refresh, refreshMs);
  timer.unref();
  return {
    last: (name) => results[name] ?? 'unknown',
    stop: () => clearInterval(timer),
  };
}

export async function runChecks(checks: Record<string, HealthCheck>, timeoutMs = CHECK_TIMEOUT_MS): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), timeoutMs);
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
