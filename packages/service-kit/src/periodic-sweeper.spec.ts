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
});
