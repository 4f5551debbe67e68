export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failures (time-outs) that open the circuit. */
  failureThreshold: number;
  /** Failures further apart than this from the first of a run do not add up: a run starts again. */
  failureWindowMs: number;
  /** How long an open circuit fails fast before it lets one probe through. */
  cooldownMs: number;
}

export const DEFAULT_CIRCUIT_BREAKER: CircuitBreakerOptions = { failureThreshold: 2, failureWindowMs: 30_000, cooldownMs: 5_000 };

/** A call let through: `probe` is the one call of a half-open circuit that decides whether it closes. */
export interface CircuitPermit {
  probe: boolean;
}

/**
 * One dependency's circuit: closed (calls go out), open (calls fail at once, for `cooldownMs`), half-open
 * (one probe goes out; the others still fail at once until it answers). A success closes it; a failure
 * of the probe opens it for another cool-down. Pure state: the clock is injected, callers report outcomes.
 */
export class CircuitBreaker {
  private current: CircuitState = 'closed';
  private failures = 0;
  private runStartedAt = 0;
  private openedAt = 0;
  private probeOut = false;

  constructor(
    private readonly options: CircuitBreakerOptions = DEFAULT_CIRCUIT_BREAKER,
    private readonly now: () => number = Date.now,
    private readonly onChange: (state: CircuitState) => void = () => undefined,
  ) {}

  get state(): CircuitState {
    return this.current;
  }

  /** A permit to call now, or null: fail fast without calling. */
  acquire(): CircuitPermit | null {
    if (this.current === 'closed') return { probe: false };
    if (this.current === 'open') {
      if (this.now() - this.openedAt < this.options.cooldownMs) return null;
      this.moveTo('half-open');
    }
    if (this.probeOut) return null;
    this.probeOut = true;
    return { probe: true };
  }

  /** How long an open circuit still fails fast before it lets a probe through (0 once it may). */
  msUntilProbe(): number {
    if (this.current !== 'open') return 0;
    return Math.max(0, this.options.cooldownMs - (this.now() - this.openedAt));
  }

  /** The dependency answered (with a reply or an error of its own): it is reachable. */
  succeeded(permit: CircuitPermit): void {
    if (permit.probe) this.probeOut = false;
    this.failures = 0;
    if (this.current !== 'closed') this.moveTo('closed');
  }

  /** The dependency did not answer (a time-out; for a probe, also no responders). */
  failed(permit: CircuitPermit): void {
    if (permit.probe) {
      this.probeOut = false;
      this.open();
      return;
    }
    if (this.current !== 'closed') return;
    const now = this.now();
    if (this.failures === 0 || now - this.runStartedAt > this.options.failureWindowMs) {
      this.failures = 0;
      this.runStartedAt = now;
    }
    this.failures += 1;
    if (this.failures >= this.options.failureThreshold) this.open();
  }

  /** The call ended without telling whether the dependency answers (e.g. our own connection closed). */
  abandoned(permit: CircuitPermit): void {
    if (permit.probe) this.probeOut = false;
  }

  private open(): void {
    this.openedAt = this.now();
    this.failures = 0;
    this.moveTo('open');
  }

  private moveTo(state: CircuitState): void {
    if (state === this.current) return;
    this.current = state;
    this.onChange(state);
  }
}
