import { describe, expect, it } from '@jest/globals';
import { PerUserQueue, retryAfterSeconds } from './per-user-queue.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A task the test ends by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('PerUserQueue', () => {
  it('runs at most `running` of a user’s tasks at once, queues up to `queued` in all, and refuses past that', async () => {
    const queue = new PerUserQueue({ running: 2, queued: 3 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const tasks = gates.map((task, index) =>
      queue.tryRun('ann', async () => {
        started.push(index);
        await task.opened;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.inFlight('ann')).toBe(3);
    expect(queue.tryRun('ann', async () => 'late')).toBeNull();
    // Another user has a share of their own.
    await expect(queue.tryRun('bob', async () => 'bob')).resolves.toBe('bob');
    gates[0].open();
    await expect(tasks[0]).resolves.toBe(0);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(queue.inFlight('ann')).toBe(2);
    gates[1].open();
    gates[2].open();
    await expect(Promise.all(tasks)).resolves.toEqual([0, 1, 2]);
    expect(queue.inFlight('ann')).toBe(0);
  });

  it('gives a failed task’s place to the next one', async () => {
    const queue = new PerUserQueue({ running: 1, queued: 2 });
    const failing = queue.tryRun('ann', async () => {
      throw new Error('broken image');
    });
    const next = queue.tryRun('ann', async () => 'made');
    await expect(failing).rejects.toThrow('broken image');
    await expect(next).resolves.toBe('made');
    expect(queue.inFlight('ann')).toBe(0);
  });
});

describe('retryAfterSeconds', () => {
  it('waits for the tasks that must end first, `running` at a time, between 1 s and 2 minutes', () => {
    expect(retryAfterSeconds(1, 2, 3000)).toBe(3);
    expect(retryAfterSeconds(5, 2, 3000)).toBe(9);
    expect(retryAfterSeconds(0, 2, 10)).toBe(1);
    expect(retryAfterSeconds(100, 1, 10_000)).toBe(120);
  });
});
