import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as work no seller is waiting on (a listing kit, a bulk action, a draft's files): the
 * image tasks it starts, however deep, go to the image pool's background lane. A context rather than
 * a parameter, because the same print-file and mockup code serves a waiting seller too.
 */
export function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs inside asBackgroundWork. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
