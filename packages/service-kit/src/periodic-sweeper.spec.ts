import { describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { createLogger } from './logger.js';
import { startPeriodicSweeper } from './periodic-sweeper.js';
import { waitFor } from './testing.js';

const logger = createLogger('test', 'silent');

describe('periodic sweeper', () => {
  it('runs passes one at a time, counts items and failures as metrics, and stops cleanly', async () => {
    const registry = new Registry();
    let running = 0;
    let overlapped = false;
    let calls = 0;
    const sweeper = startPeriodicSweeper({
      name: 'test-sweeper',
      intervalMs: 5,
      logger,
      registry,
      run: async () => {
        calls += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        if (calls === 2) throw new Error('storage down');
        return { deleted: 3 };
      },
    });
    const results = await Promise.allSettled([sweeper.runNow(), sweeper.runNow(), sweeper.runNow()]);
    await sweeper.stop();
    const callsAtStop = calls;
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(overlapped).toBe(false);
    const text = await registry.metrics();
    expect(text).toContain('printloom_sweeper_runs_total{sweeper="test-sweeper",outcome="failed"} 1');
    const items = Number(/printloom_sweeper_items_total\{sweeper="test-sweeper",item="deleted"\} (\d+)/.exec(text)?.[1]);
    expect(items).toBe(3 * (callsAtStop - 1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(callsAtStop);
  });

  it('runs by itself on its interval, pass after pass, and not after stop', async () => {
    const registry = new Registry();
    let passes = 0;
    const sweeper = startPeriodicSweeper({
      name: 'ticker',
      intervalMs: 10,
      logger,
      registry,
      run: async () => {
        passes += 1;
        return { ticked: 1 };
      },
    });
    await waitFor(() => passes >= 3, { timeoutMs: 2000, what: 'three passes nobody asked for' });
    await sweeper.stop();
    const passesAtStop = passes;
    const text = await registry.metrics();
    expect(text).toContain(`printloom_sweeper_runs_total{sweeper="ticker",outcome="ok"} ${passesAtStop}`);
    expect(text).toContain(`printloom_sweeper_items_total{sweeper="ticker",item="ticked"} ${passesAtStop}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes).toBe(passesAtStop);
  });

  it('wake: a pass soon; wakes during a pass ask for one more after it; wakes waiting for that pass are served by it', async () => {
    let passes = 0;
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const sweeper = startPeriodicSweeper({
      name: 'woken',
      intervalMs: 3_600_000,
      logger,
      registry: new Registry(),
      run: async () => {
        passes += 1;
        await gate;
      },
    });
    sweeper.wake();
    await waitFor(() => passes === 1, { timeoutMs: 2000, what: 'the woken pass' });
    // Arrivals during that pass: one more pass after it, however many they are.
    sweeper.wake();
    sweeper.wake();
    sweeper.wake();
    const first = release;
    gate = new Promise<void>((resolve) => (release = resolve));
    first();
    await waitFor(() => passes === 2, { timeoutMs: 2000, what: 'the pass asked for during the first' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sweeper.stop();
    expect(passes).toBe(2);
  });
});
