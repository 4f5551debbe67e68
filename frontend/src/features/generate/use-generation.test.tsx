import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { useGeneration } from './use-generation';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function renderGeneration() {
  const client = createQueryClient();
  const callbacks = { onSucceeded: vi.fn(), onInsufficientCredits: vi.fn(), onError: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useGeneration('00000000-0000-4000-8000-000000000001', callbacks), { wrapper });
  return { result, callbacks };
}

describe('starting a generation', () => {
  it('opens the upgrade path on the INSUFFICIENT_CREDITS code, whatever the message says', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"error":"Out of credits for this month","code":"INSUFFICIENT_CREDITS"}', { status: 402 }),
    );
    const { result, callbacks } = renderGeneration();
    await act(() => result.current.generate('a cat'));
    expect(callbacks.onInsufficientCredits).toHaveBeenCalledWith('Out of credits for this month');
    expect(callbacks.onError).not.toHaveBeenCalled();
  });

  it('reports any other failure as an error, even one whose text mentions credits', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"error":"Insufficient credits service is down","code":"UNAVAILABLE"}', { status: 503 }),
    );
    const { result, callbacks } = renderGeneration();
    await act(() => result.current.generate('a cat'));
    expect(callbacks.onError).toHaveBeenCalledWith('Insufficient credits service is down');
    expect(callbacks.onInsufficientCredits).not.toHaveBeenCalled();
  });

  it('sends the prompt with the spec options to the generate route', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).startsWith('/api/generate')
        ? new Response('{"jobId":"00000000-0000-4000-8000-0000000000aa"}', { status: 202 })
        : new Response('{"job":{"id":"00000000-0000-4000-8000-0000000000aa","status":"queued","error":null,"prompt":"a cat"}}', {
            status: 200,
          }),
    );
    const { result } = renderGeneration();
    await act(() => result.current.generate('a cat'));
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, init?.body]).toEqual([
      '/api/generate',
      'POST',
      '{"prompt":"a cat","options":{"transparent":true,"dark":false}}',
    ]);
    expect(sessionStorage.getItem('active-job')).toBe('00000000-0000-4000-8000-0000000000aa');
  });
});
