import type { Context } from '@opentelemetry/api';
import { Counter, type Registry } from 'prom-client';
import { runWithRequestContext, type Logger } from './logger.js';
import type { SweepCounts } from './periodic-sweeper.js';
import { SpanKind, withSpan } from './tracing.js';

/**
 * How a handler settled the work it was given: the one vocabulary of every background worker.
 * - `done`: finished (its outcome recorded); it leaves the source.
 * - `later`: given back, to be taken again after `inMs` (a back-off, a rate limit, the next turn).
 * - `handed back`: given back at once, for any instance (the worker stops).
 * `counts` says what the work did (`sent`, `stopped_jobs`…), for its caller and the metrics; `rest`
 * makes the loop wait for a wake or its interval before taking more (no tight loop over failing work).
 */
export type Settlement = ({ settled: 'done' } | { settled: 'later'; inMs: number } | { settled: 'handed back' }) & {
  counts?: SweepCounts;
  rest?: boolean;
};

/** One piece of work taken from a source, held under a lease until it is settled. */
export interface WorkClaim<T> {
  work: T;
  /** 1 on the first delivery. */
  attempt: number;
  /** The trace of whoever queued the work, when the source carries one. */
  parent?: Context;
  /** The request id of the work that queued it (a message's header): the handler's log lines carry it. */
  requestId?: string;
  /** Renews the lease: the worker calls it while the handler runs (the heartbeat). */
  renew(): Promise<void> | void;
  settle(settlement: Settlement): Promise<void> | void;
}

/** Where a worker takes its work: a JetStream work queue or leased rows (service-kit provides both). */
export interface WorkSource<T> {
  /** The next piece of work, or null when none is waiting now. */
  take(): Promise<WorkClaim<T> | null>;
  /** How often a claim is renewed while its handler runs (well inside the lease); 0: the handler renews it itself. */
  heartbeatMs: number;
  /** Hands back what the source itself holds (work taken ahead, not yet given out) when the worker stops. */
  release?(): Promise<number>;
}

/** What a handler knows of the work in hand besides the work itself. */
export interface WorkInHand {
  attempt: number;
  /** True once the worker stops: a handler that walks many steps hands the rest back between two. */
  stopping(): boolean;
}

export interface BackgroundWorkerOptions<T> {
  /** Unique within a service: the log name and the metric label. */
  name: string;
  source: WorkSource<T>;
  handle(work: T, inHand: WorkInHand): Promise<Settlement>;
  /** The span each piece of work runs in (default: the name). */
  spanName?: string;
  /** Concurrent loops in this instance (default 1). */
  concurrency?: number;
  /** An idle loop looks again this often without a wake (redelivered work arrives silently). */
  idleRecheckMs: number;
  logger: Logger;
  registry?: Registry;
  /** A handler that threw: how its work is settled, logged by it (default: logged, later after 2 s × its attempt, at most a minute). */
  onError?: (error: unknown, claim: WorkClaim<T>) => Settlement;
  /** Called after each piece of work is settled. */
  afterWork?: () => void;
}

const metricsByRegistry = new WeakMap<Registry, { settled: Counter<'worker' | 'settled'>; names: Set<string> }>();

function workerMetrics(registry: Registry, name: string): Counter<'worker' | 'settled'> {
  let metrics = metricsByRegistry.get(registry);
  if (!metrics) {
    metrics = {
      settled: new Counter({
        name: 'printloom_worker_settled_total',
        help: 'Work settled by background workers, by worker and settlement (done, later, handed back, failed)',
        labelNames: ['worker', 'settled'],
        registers: [registry],
      }),
      names: new Set(),
    };
    metricsByRegistry.set(registry, metrics);
  }
  if (metrics.names.has(name)) throw new Error(`A background worker named ${name} is registered already`);
  metrics.names.add(name);
  return metrics.settled;
}

const defaultOnError = (_error: unknown, claim: { attempt: number }): Settlement => ({
  settled: 'later',
  inMs: Math.min(60_000, 2_000 * claim.attempt),
});

/**
 * The one form of work that outlives a request. N loops take work from a source, run the handler with
 * the claim's lease renewed meanwhile, and settle it as the handler says. Idle loops wait for `wake()`
 * (work just arrived); one of them, the lookout, also looks again every `idleRecheckMs` (work that
 * arrives silently: a redelivery, a back-off that ran out). A loop that takes work sets one more idle
 * loop going, so a backlog the lookout finds is soon worked by every loop, while an idle worker asks
 * its source once per recheck, not once per loop.
 *
 * The stop rule, the same for every worker: `stop(graceMs)` takes nothing new from the call on, lets
 * the work in hand finish for up to `graceMs`, then hands the rest back to the source, where another
 * instance takes it at once. A late settlement of work handed back changes nothing.
 */
export class BackgroundWorker<T> {
  private stopped = false;
  private loops: Promise<void>[] = [];
  private wakes = 0;
  private readonly sleepers = new Set<() => void>();
  /** Idle loops without a timer of their own: a wake, or a loop that found work, sets them going. */
  private readonly idle = new Set<() => void>();
  /** The idle loop that looks again every `idleRecheckMs`. */
  private lookout: (() => void) | undefined;
  private readonly inHand = new Set<WorkClaim<T>>();
  private readonly settled = new WeakSet<WorkClaim<T>>();
  private readonly settledCounter?: Counter<'worker' | 'settled'>;

  constructor(private readonly options: BackgroundWorkerOptions<T>) {
    if (options.registry) this.settledCounter = workerMetrics(options.registry, options.name);
  }

  get name(): string {
    return this.options.name;
  }

  start(): this {
    this.loops = Array.from({ length: this.options.concurrency ?? 1 }, () => this.loop());
    return this;
  }

  /** Work just arrived: idle loops look at once. */
  wake(): void {
    this.wakes += 1;
    for (const wakeUp of [...this.sleepers]) wakeUp();
  }

  /** Takes one piece of work and settles it (a test or a caller driving the worker itself); null when none waited. */
  async runOnce(): Promise<Settlement | null> {
    if (this.stopped) return null;
    const claim = await this.options.source.take();
    if (!claim) return null;
    if (this.stopped) {
      await this.settle(claim, { settled: 'handed back' });
      return { settled: 'handed back' };
    }
    this.wakeAnIdleLoop();
    return this.work(claim);
  }

  /** The stop rule. Resolves with how many pieces of work were handed back at the end of the grace. */
  async stop(graceMs: number): Promise<number> {
    this.stopped = true;
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'out of time'>((resolve) => (timer = setTimeout(() => resolve('out of time'), graceMs)));
    const outcome = await Promise.race([Promise.all(this.loops), outOfTime]);
    clearTimeout(timer);
    await this.options.source.release?.();
    if (outcome !== 'out of time' && this.inHand.size === 0) return 0;
    const unfinished = [...this.inHand];
    await Promise.all(unfinished.map((claim) => this.settle(claim, { settled: 'handed back' })));
    if (unfinished.length > 0)
      this.options.logger.warn(
        { worker: this.options.name, handedBack: unfinished.length, graceMs },
        'Work still in hand at the end of the grace period: handed back to the queue',
      );
    return unfinished.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const seen = this.wakes;
        const settlement = await this.runOnce();
        if (!settlement) await this.sleep(seen, 'idle');
        else if (settlement.rest) await this.sleep(seen, this.options.idleRecheckMs);
      } catch (error) {
        if (this.stopped) return;
        this.options.logger.error({ err: error, worker: this.options.name }, 'Background worker loop error');
        await this.sleep(this.wakes, Math.min(1_000, this.options.idleRecheckMs));
      }
    }
  }

  /** Where one piece of work was, more may wait. A resting loop is left to its timer (no ping-pong over work that rests). */
  private wakeAnIdleLoop(): void {
    for (const wakeUp of this.idle) {
      wakeUp();
      return;
    }
  }

  /** Until a wake, or `ms` after a rest or an error; an idle loop is timed (`idleRecheckMs`) only as the lookout. */
  private sleep(seen: number, ms: number | 'idle'): Promise<void> {
    if (seen !== this.wakes || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        this.idle.delete(done);
        if (this.lookout === done) this.lookout = undefined;
        resolve();
      };
      if (ms !== 'idle') timer = setTimeout(done, ms);
      else if (this.lookout === undefined) {
        this.lookout = done;
        timer = setTimeout(done, this.options.idleRecheckMs);
      } else this.idle.add(done);
      this.sleepers.add(done);
    });
  }

  private async work(claim: WorkClaim<T>): Promise<Settlement> {
    this.inHand.add(claim);
    const { heartbeatMs } = this.options.source;
    const heartbeat =
      heartbeatMs > 0
        ? setInterval(() => {
            if (this.inHand.has(claim))
              void Promise.resolve()
                .then(() => claim.renew())
                .catch((error: unknown) => this.options.logger.warn({ err: error, worker: this.options.name }, 'Could not renew a lease'));
          }, heartbeatMs)
        : undefined;
    heartbeat?.unref();
    let settlement: Settlement;
    try {
      settlement = await withSpan(this.options.spanName ?? this.options.name, { kind: SpanKind.CONSUMER, parent: claim.parent }, () =>
        runWithRequestContext({ requestId: claim.requestId }, () =>
          this.options.handle(claim.work, { attempt: claim.attempt, stopping: () => this.stopped }),
        ),
      );
    } catch (error) {
      if (this.options.onError) settlement = this.options.onError(error, claim);
      else {
        settlement = defaultOnError(error, claim);
        this.options.logger.warn(
          { err: error, worker: this.options.name, attempt: claim.attempt },
          'Background work failed: tried again later',
        );
      }
      this.settledCounter?.inc({ worker: this.options.name, settled: 'failed' });
    } finally {
      clearInterval(heartbeat);
    }
    await this.settle(claim, settlement);
    this.options.afterWork?.();
    return settlement;
  }

  /** Settles a claim once: the first settlement wins (a stop's hand-back, or the handler's own). */
  private async settle(claim: WorkClaim<T>, settlement: Settlement): Promise<void> {
    this.inHand.delete(claim);
    if (this.settled.has(claim)) return;
    this.settled.add(claim);
    this.settledCounter?.inc({ worker: this.options.name, settled: settlement.settled });
    try {
      await claim.settle(settlement);
    } catch (error) {
      // The lease runs out and the work returns by itself.
      this.options.logger.warn({ err: error, worker: this.options.name }, 'Could not settle work; it returns when its lease runs out');
    }
  }
}
