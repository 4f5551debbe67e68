import { describe, expect, it } from '@jest/globals';
import { CircuitBreaker, DEFAULT_CIRCUIT_BREAKER, type CircuitState } from './circuit-breaker.js';

function breaker() {
  let now = 1_000_000;
  const changes: CircuitState[] = [];
  const circuit = new CircuitBreaker(
    { failureThreshold: 3, failureWindowMs: 10_000, cooldownMs: 5_000 },
    () => now,
    (state) => changes.push(state),
  );
  return {
    circuit,
    changes,
    advance: (ms: number) => {
      now += ms;
    },
    fail: () => circuit.failed(circuit.acquire()!),
  };
}

describe('CircuitBreaker', () => {
  it('stays closed below the threshold and opens on the third consecutive failure', () => {
    const { circuit, changes, fail } = breaker();
    fail();
    fail();
    expect(circuit.state).toBe('closed');
    expect(circuit.acquire()).toEqual({ probe: false });
    fail();
    expect(circuit.state).toBe('open');
    expect(circuit.acquire()).toBeNull();
    expect(changes).toEqual(['open']);
  });

  it('a success between failures starts the count again', () => {
    const { circuit, fail } = breaker();
    fail();
    fail();
    circuit.succeeded(circuit.acquire()!);
    fail();
    fail();
    expect(circuit.state).toBe('closed');
  });

  it('failures further apart than the window do not add up', () => {
    const { circuit, advance, fail } = breaker();
    fail();
    fail();
    advance(10_001);
    fail();
    expect(circuit.state).toBe('closed');
    fail();
    fail();
    expect(circuit.state).toBe('open');
  });

  it('fails fast during the cool-down, then lets exactly one probe through', () => {
    const { circuit, advance, fail } = breaker();
    fail();
    fail();
    fail();
    advance(4_999);
    expect(circuit.acquire()).toBeNull();
    advance(1);
    const probe = circuit.acquire();
    expect(probe).toEqual({ probe: true });
    expect(circuit.state).toBe('half-open');
    expect(circuit.acquire()).toBeNull(); // the others still fail fast while the probe is out
    circuit.succeeded(probe!);
    expect(circuit.state).toBe('closed');
    expect(circuit.acquire()).toEqual({ probe: false });
  });

  it('a failed probe opens the circuit for another full cool-down', () => {
    const { circuit, changes, advance, fail } = breaker();
    fail();
    fail();
    fail();
    advance(5_000);
    const probe = circuit.acquire()!;
    advance(2_000); // the probe itself waits its time-out
    circuit.failed(probe);
    expect(circuit.state).toBe('open');
    advance(4_999);
    expect(circuit.acquire()).toBeNull();
    advance(1);
    expect(circuit.acquire()).toEqual({ probe: true });
    expect(changes).toEqual(['open', 'half-open', 'open', 'half-open']);
  });

  it('an abandoned probe lets the next caller probe', () => {
    const { circuit, advance, fail } = breaker();
    fail();
    fail();
    fail();
    advance(5_000);
    circuit.abandoned(circuit.acquire()!);
    expect(circuit.state).toBe('half-open');
    expect(circuit.acquire()).toEqual({ probe: true });
  });

  it('late failures of calls sent before the circuit opened do not extend it', () => {
    const { circuit, advance } = breaker();
    const early = [circuit.acquire()!, circuit.acquire()!, circuit.acquire()!, circuit.acquire()!];
    early.slice(0, 3).forEach((permit) => circuit.failed(permit));
    advance(4_000);
    circuit.failed(early[3]!);
    advance(1_000);
    expect(circuit.acquire()).toEqual({ probe: true });
  });

  it('tells how long an open circuit still fails fast, and 0 once a probe may go', () => {
    const { circuit, advance, fail } = breaker();
    expect(circuit.msUntilProbe()).toBe(0);
    fail();
    fail();
    fail();
    expect(circuit.msUntilProbe()).toBe(5_000);
    advance(3_200);
    expect(circuit.msUntilProbe()).toBe(1_800);
    advance(1_800);
    expect(circuit.msUntilProbe()).toBe(0);
    circuit.acquire();
    expect(circuit.msUntilProbe()).toBe(0); // half-open: the probe is out
  });

  it('by default opens on the second consecutive time-out (a stalled dependency costs two waits, not three)', () => {
    const circuit = new CircuitBreaker(DEFAULT_CIRCUIT_BREAKER, () => 0);
    circuit.failed(circuit.acquire()!);
    expect(circuit.state).toBe('closed');
    circuit.failed(circuit.acquire()!);
    expect(circuit.state).toBe('open');
  });
});
