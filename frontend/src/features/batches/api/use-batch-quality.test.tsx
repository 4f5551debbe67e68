import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LIMITS } from '@printloom/contracts/limits';
import { createQueryClient } from '../../../lib/query-client';
import { QUALITY_FOLLOW_MS, useBatchQuality } from './batch-quality';

const BATCH_ID = '00000000-0000-4000-8000-00000000000b';
const finished = { id: BATCH_ID, status: 'finished' as const, finishedAt: '2026-11-26T00:05:00.000Z' };

function Counts() {
  const { data } = useBatchQuality(finished);
  return <p>{data ? `${data.checked} of ${data.designs}` : 'loading'}</p>;
}

/** The server's counts: one more verdict on each of the first `growFor` reads, then none. */
function serve(growFor: number) {
  let reads = 0;
  const fetchMock = vi.fn(async () => {
    reads += 1;
    const checked = Math.min(reads, growFor);
    return new Response(JSON.stringify({ designs: 100, checked, flagged: 0, byCheck: [], flaggedAssetIds: [], flaggedDesigns: [] }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.length;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useBatchQuality after the batch stopped', () => {
  it('keeps asking while new verdicts come, and stops once none came for QUALITY_FOLLOW_MS', async () => {
    vi.useFakeTimers();
    const reads = serve(25); // 25 reads of growth: 50 s, longer than one follow-up window
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Counts />
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(25 * LIMITS.jobPollIntervalMs));
    expect(reads()).toBeGreaterThanOrEqual(25);
    await act(() => vi.advanceTimersByTimeAsync(QUALITY_FOLLOW_MS + 2 * LIMITS.jobPollIntervalMs));
    const whenQuiet = reads();
    expect(whenQuiet).toBeLessThanOrEqual(25 + QUALITY_FOLLOW_MS / LIMITS.jobPollIntervalMs + 2);
    await act(() => vi.advanceTimersByTimeAsync(10 * LIMITS.jobPollIntervalMs));
    expect(reads()).toBe(whenQuiet);
  });
});
