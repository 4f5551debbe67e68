import { describe, expect, it } from '@jest/globals';
import { defaultAssetWorkerThreads, defaultBackgroundIdleThreads, defaultBackgroundWorkerThreads } from './default-worker-threads.js';

const GB = 1024 ** 3;

describe('the default asset worker pool', () => {
  it('follows the container, not the node: a 1 GiB, 1-CPU pod gets 1 worker', () => {
    expect(defaultAssetWorkerThreads(1, 1 * GB)).toBe(1);
  });

  it('keeps one core for the event loop when memory allows', () => {
    expect(defaultAssetWorkerThreads(4, 16 * GB)).toBe(3);
  });

  it('is held down by memory: half of it must hold every running task at its peak', () => {
    expect(defaultAssetWorkerThreads(32, 1 * GB)).toBe(1);
    expect(defaultAssetWorkerThreads(32, 3 * GB)).toBe(4);
  });

  it('is at least 1 and at most 32', () => {
    expect(defaultAssetWorkerThreads(1, 0.1 * GB)).toBe(1);
    expect(defaultAssetWorkerThreads(128, 1024 * GB)).toBe(32);
  });
});

describe('the default background lane', () => {
  it("has half the seller lane's threads, at least 1: fewer threads than cores", () => {
    expect(defaultBackgroundWorkerThreads(1)).toBe(1);
    expect(defaultBackgroundWorkerThreads(3)).toBe(1);
    expect(defaultBackgroundWorkerThreads(7)).toBe(3);
  });

  it('may use every core of the container while no seller waits, as memory allows', () => {
    expect(defaultBackgroundIdleThreads(2, 24 * GB)).toBe(2);
    expect(defaultBackgroundIdleThreads(1, 1 * GB)).toBe(1);
    expect(defaultBackgroundIdleThreads(16, 3 * GB)).toBe(4);
  });
});
