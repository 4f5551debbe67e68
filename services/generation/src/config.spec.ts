import { describe, expect, it } from '@jest/globals';
import { loadGenerationConfig } from './config.js';

describe('generation configuration', () => {
  it('lets a pull for the next job wait 1 s by default, a test system shorter, never below 100 ms', () => {
    expect(loadGenerationConfig({}).JOB_PULL_WAIT_MS).toBe(1000);
    expect(loadGenerationConfig({ JOB_PULL_WAIT_MS: '250' }).JOB_PULL_WAIT_MS).toBe(250);
    expect(() => loadGenerationConfig({ JOB_PULL_WAIT_MS: '50' })).toThrow(/JOB_PULL_WAIT_MS/);
  });
});
