import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from './logger.js';

/** What one pass did, by item (`deleted`, `orphan_files`…): logged and added to the metrics. */
export type SweepCounts = Record<string, number>;

export interface PeriodicSweeperOptions {
  /** Metric label and log name, e.g. `asset-retention`. */
  name: string;
  intervalMs: number;
  logger: Logger;
  registry: Registry;
  run: () => Promise<SweepCounts | void>;
}

export interface PeriodicSweeper {
  /** Runs a pass now (after the one in progress, never two at once) and returns its counts. */
  runNow(): Promise<SweepCounts>;
  /**
   * Work just arrived: a pass soon. A wake during a pass asks for one more after it; wakes while that
   * pass still waits to start are served by it (arrivals come in bursts).
   */
  wake(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

interface SweeperMetrics {
  runs: Counter<'sweeper' | 'outcome'>;
  items: Counter<'sweeper' | 'item'>;
  lastSuccess: Gauge<'sweeper'>;
}

const metricsByRegistry = new WeakMap<Registry, SweeperMetrics>();

function sweeperMetrics(registry: Registry): SweeperMetrics {
  let metrics = metricsByRegistry.get(registry);
  if (!metrics) {
    metrics = {
      runs: new Counter({
        name: 'printloom_sweeper_runs_total',
        help: 'Sweeper passes, by sweeper and outcome (ok, failed)',
        labelNames: ['sweeper', 'outcome'],
        registers: [registry],
      }),
      items: new Counter({
        name: 'printloom_sweeper_items_total',
        help: 'What sweeper passes removed or repaired, by sweeper and item',
        labelNames: ['sweeper', 'item'],
        registers: [registry],
      }),
      lastSuccess: new Gauge({
        name: 'printloom_sweeper_last_success_timestamp_seconds',
        help: 'When each sweeper last finished a pass without error',
        labelNames: ['sweeper'],
        registers: [registry],
      }),
    };
    metricsByRegistry.set(registry, metrics);
  }
  return metrics;
}

/**
 * The one way a service runs background housekeeping: a pass every `intervalMs`, never two passes of
 * one sweeper at once in a process, failures logged and counted (the next pass tries again), counts
 * logged and exported as `printloom_sweeper_items_total{sweeper, item}`. Passes must be safe to run on
 * several instances at once (claim work with SKIP LOCKED or make every step idempotent).
 */
export function startPeriodicSweeper(options: PeriodicSweeperOptions): PeriodicSweeper {
  const metrics = sweeperMetrics(options.registry);
  let chain: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const pass = async (): Promise<SweepCounts> => {
    try {
      const counts = (await options.run()) ?? {};
      for (const [item, count] of Object.entries(counts)) if (count > 0) metrics.items.inc({ sweeper: options.name, item }, count);
      metrics.runs.inc({ sweeper: options.name, outcome: 'ok' });
      metrics.lastSuccess.set({ sweeper: options.name }, Date.now() / 1000);
      if (Object.values(counts).some((count) => count > 0)) options.logger.info({ sweeper: options.name, ...counts }, 'Sweeper pass');
      return counts;
    } catch (error) {
      metrics.runs.inc({ sweeper: options.name, outcome: 'failed' });
      options.logger.error({ err: error, sweeper: options.name }, 'Sweeper pass failed');
      throw error;
    }
  };
  const enqueue = () => {
    const next = chain.then(pass);
    chain = next.catch(() => undefined);
    return next;
  };

  let busy = false;
  const timer = setInterval(() => {
    if (stopped || busy) return; // a slow pass is not stacked up behind itself
    busy = true;
    enqueue()
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  timer.unref();

  let woken = false;
  const wake = () => {
    if (stopped || woken) return;
    woken = true;
    const next = chain.then(() => {
      woken = false; // a wake from now on is after this pass began: it needs a pass of its own
      return pass();
    });
    chain = next.catch(() => undefined);
    next.catch(() => undefined); // logged and counted by the pass
  };

  return {
    runNow: () => enqueue(),
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
  };
}

/** Several sweepers stopped together: what a service's `afterStart` returns. */
export function stopAll(sweepers: PeriodicSweeper[]): () => Promise<void> {
  return async () => {
    await Promise.all(sweepers.map((sweeper) => sweeper.stop()));
  };
}
