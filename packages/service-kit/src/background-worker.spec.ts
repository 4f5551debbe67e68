import { describe, expect, it, jest } from '@jest/globals';
import { Registry } from 'prom-client';
import { BackgroundWorker, type Settlement, type WorkClaim, type WorkSource } from './background-worker.js';
import { createLogger } from './logger.js';
import { waitFor } from './testing.js';

const logger = createLogger('test', 'silent');

/** A source in memory: what it holds, and every settlement each piece of work got, in order. */
function memorySource(items: string[]): WorkSource<string> & { settled: Array<[string, Settlement['settled']]>; renewals: number } {
  const source = {
    settled: [] as Array<[string, Settlement['settled']]>,
    renewals: 0,
    heartbeatMs: 10,
    take: async (): Promise<WorkClaim<string> | null> => {
      const work = items.shift();
      if (work === undefined) return null;
      return {
        work,
        attempt: 1,
        renew: () => {
          source.renewals += 1;
        },
        settle: (settlement) => {
          source.settled.push([work, settlement.settled]);
          if (settlement.settled !== 'done') items.push(work);
        },
      };
    },
  };
  return source;
}

describe('BackgroundWorker (the one form of background work)', () => {
  it('settles each piece of work once: a late settlement of work handed back at the end of the grace changes nothing', async () => {
    const source = memorySource(['slow']);
    let finish!: () => void;
    const worker = new BackgroundWorker<string>({
      name: 'late-settler',
      source,
      idleRecheckMs: 10,
      logger,
      handle: () => new Promise<Settlement>((resolve) => (finish = () => resolve({ settled: 'done' }))),
    }).start();
    await waitFor(() => finish !== undefined, { what: 'the work in hand' });
    await expect(worker.stop(50)).resolves.toBe(1);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(source.settled).toEqual([['slow', 'handed back']]);
  });

  it('takes nothing new once stopping, renews the lease while the handler runs, and a handler that throws is tried later', async () => {
    const source = memorySource(['fails', 'next']);
    const handled: string[] = [];
    let calls = 0;
    const worker = new BackgroundWorker<string>({
      name: 'thrower',
      source,
      idleRecheckMs: 10,
      logger,
      registry: new Registry(),
      handle: async (work) => {
        handled.push(work);
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 40));
        if (calls === 1) throw new Error('provider down');
        return { settled: 'done' };
      },
    });
    expect(await worker.runOnce()).toEqual({ settled: 'later', inMs: 2_000 });
    expect(source.renewals).toBeGreaterThan(0);
    await worker.stop(100);
    expect(await worker.runOnce()).toBeNull();
    expect(handled).toEqual(['fails']);
    expect(source.settled).toEqual([['fails', 'later']]);
  });

  it('is registered by name: a second worker of the same name in one service is refused', () => {
    const registry = new Registry();
    const options = {
      name: 'twice',
      source: memorySource([]),
      idleRecheckMs: 10,
      logger,
      registry,
      handle: async () => ({ settled: 'done' as const }),
    };
    expect(new BackgroundWorker<string>(options).name).toBe('twice');
    expect(() => new BackgroundWorker<string>(options)).toThrow('A background worker named twice is registered already');
  });

  it('wake: an idle worker looks at once, instead of at its next recheck', async () => {
    const items: string[] = [];
    const source = memorySource(items);
    const handled: string[] = [];
    const worker = new BackgroundWorker<string>({
      name: 'sleeper',
      source,
      idleRecheckMs: 3_600_000,
      logger,
      handle: async (work) => {
        handled.push(work);
        return { settled: 'done' };
      },
    }).start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    items.push('arrived');
    worker.wake();
    await waitFor(() => handled.length === 1, { timeoutMs: 2_000, what: 'the woken worker taking the work' });
    await worker.stop(100);
    expect(handled).toEqual(['arrived']);
  });

  describe('idle loops', () => {
    /** A source that counts its takes; `items` waiting are taken in order. */
    function countingSource(items: string[]) {
      const source = memorySource(items);
      const counted = { takes: 0, ...source };
      counted.take = () => {
        counted.takes += 1;
        return source.take();
      };
      return counted;
    }

    it('asks the source once per recheck, not once per loop: one lookout looks, the other loops wait for a wake', async () => {
      jest.useFakeTimers();
      try {
        const source = countingSource([]);
        const worker = new BackgroundWorker<string>({
          name: 'ten-idle-loops',
          source,
          concurrency: 10,
          idleRecheckMs: 1_000,
          logger,
          handle: async () => ({ settled: 'done' }),
        }).start();
        await jest.advanceTimersByTimeAsync(0);
        expect(source.takes).toBe(10);
        await jest.advanceTimersByTimeAsync(5_000);
        expect(source.takes).toBe(15);
        worker.wake();
        await jest.advanceTimersByTimeAsync(0);
        expect(source.takes).toBe(25);
        await worker.stop(100);
      } finally {
        jest.useRealTimers();
      }
    });

    it('a backlog the lookout finds silently is worked by every loop at once', async () => {
      jest.useFakeTimers();
      try {
        const items: string[] = [];
        const source = countingSource(items);
        const started: string[] = [];
        const finishers: Array<() => void> = [];
        const worker = new BackgroundWorker<string>({
          name: 'three-loops',
          source,
          concurrency: 3,
          idleRecheckMs: 1_000,
          logger,
          handle: (work) =>
            new Promise<Settlement>((resolve) => {
              started.push(work);
              finishers.push(() => resolve({ settled: 'done' }));
            }),
        }).start();
        await jest.advanceTimersByTimeAsync(0);
        items.push('a', 'b', 'c', 'd');
        await jest.advanceTimersByTimeAsync(1_000);
        expect(started).toEqual(['a', 'b', 'c']);
        finishers.forEach((finish) => finish());
        await jest.advanceTimersByTimeAsync(0);
        expect(started).toEqual(['a', 'b', 'c', 'd']);
        finishers[3]();
        await worker.stop(100);
      } finally {
        jest.useRealTimers();
      }
    });

    it('work that rests is not passed from loop to loop: each resting loop waits for its recheck', async () => {
      jest.useFakeTimers();
      try {
        const source = countingSource(['busy']);
        const worker = new BackgroundWorker<string>({
          name: 'resting-loops',
          source,
          concurrency: 3,
          idleRecheckMs: 1_000,
          logger,
          handle: async () => ({ settled: 'later', inMs: 0, rest: true }),
        }).start();
        await jest.advanceTimersByTimeAsync(2_500);
        // Each of the 3 loops takes the resting work at most once per recheck (3 at the start, 3 per second).
        expect(source.takes).toBeLessThanOrEqual(3 * 3);
        expect(source.takes).toBeGreaterThanOrEqual(3);
        await worker.stop(100);
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
