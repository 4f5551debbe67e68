import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The OS priorities (nice values) of the work sharing a host (make dev, one compose host): a request
 * first (a few milliseconds of CPU, with a seller's page waiting on it), a seller's drawing next
 * (seconds, the seller waiting on the click), work no seller waits on last (quality verdicts, files for
 * drafts and kits). Each step is a weight about 9x (0 → 10) and 7x (10 → 19) smaller for the scheduler,
 * so under contention the higher one gets the cores and, with them idle, the lower one runs at full
 * speed: a flood of requests slows the drawing, never the other way round.
 */
export const NICENESS = { requests: 0, generation: 10, background: 19 } as const;

const TASKS_DIR = '/proc/self/task';

/**
 * Every thread of this process at `niceness` or lower priority: on Linux nice is per thread (a thread
 * started later inherits its starter's), so each running thread is set (V8's, libuv's, libvips'); a
 * thread already at a higher nice value keeps it (raising priority back needs privileges). Call it
 * from a service's entry point, never from code tests run in a shared process. Answers the threads set.
 */
export function reniceProcess(niceness: number): number {
  const threads = process.platform === 'linux' ? readdirSync(TASKS_DIR).map(Number) : [0];
  let changed = 0;
  for (const thread of threads) {
    try {
      if (getPriority(thread) >= niceness) continue;
      setPriority(thread, niceness);
      changed += 1;
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return changed;
}
