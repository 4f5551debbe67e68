import { describe, expect, it } from '@jest/globals';
import { createMetrics } from './metrics.js';

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a handler that never yields
  }
}

describe('service metrics', () => {
  it('still catches an event-loop stall with the coarser lag sampling, labelled with the service', async () => {
    const metrics = createMetrics('test-service');
    await new Promise((resolve) => setTimeout(resolve, 250));
    blockEventLoop(400);
    await new Promise((resolve) => setTimeout(resolve, 250));

    const exposition = await metrics.registry.metrics();
    const lagMax = exposition.match(/^nodejs_eventloop_lag_max_seconds\{service="test-service"\} (\S+)$/m);
    expect(lagMax).not.toBeNull();
    expect(Number(lagMax![1])).toBeGreaterThan(0.2);
  });
});
