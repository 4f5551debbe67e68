import { describe, expect, it } from '@jest/globals';
import { defaultGenerationConcurrency } from './default-concurrency.js';

const GB = 1024 ** 3;

describe('the default generation concurrency', () => {
  it('is one job per core when memory allows', () => {
    expect(defaultGenerationConcurrency(2, 16 * GB, 1.3 * GB)).toBe(2);
    expect(defaultGenerationConcurrency(8, 64 * GB, 1.3 * GB)).toBe(8);
  });

  it('is held down by memory: half of it must hold every running job at its peak', () => {
    expect(defaultGenerationConcurrency(8, 4 * GB, 1.3 * GB)).toBe(1);
    expect(defaultGenerationConcurrency(8, 8 * GB, 1.3 * GB)).toBe(3);
  });

  it('is at least 1 and at most 16', () => {
    expect(defaultGenerationConcurrency(4, 1 * GB, 1.3 * GB)).toBe(1);
    expect(defaultGenerationConcurrency(64, 1024 * GB, 1.3 * GB)).toBe(16);
  });
});

describe('the memory a default is taken from', () => {
  it('is never more than the machine has (a container limit only lowers it)', async () => {
    const { availableMemory } = await import('./default-concurrency.js');
    const os = await import('node:os');
    expect(availableMemory()).toBeGreaterThan(0);
    expect(availableMemory()).toBeLessThanOrEqual(os.totalmem());
  });
});
