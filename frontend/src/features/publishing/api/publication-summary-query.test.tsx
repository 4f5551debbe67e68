import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { usePublicationSummary } from './publishing';

afterEach(() => vi.restoreAllMocks());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the publication summary of the designs shown', () => {
  it('asks for every design in slices of 100 and answers them all, so a seller with many designs keeps every badge', async () => {
    const asked: string[][] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const assetIds = new URL(String(url), 'http://spa').searchParams.get('assetIds')!.split(',');
      asked.push(assetIds);
      const designs = assetIds.map((assetId) => ({
        assetId,
        templates: [{ templateId: 'tee', state: 'draft', draftInCurrentShop: true }],
      }));
      return new Response(JSON.stringify({ designs }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const ids = Array.from({ length: 250 }, (_, n) => id(n));
    const client = createQueryClient();
    const { result } = renderHook(() => usePublicationSummary(ids), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current.designs).toHaveLength(250));
    expect(asked.map((slice) => slice.length)).toEqual([100, 100, 50]);
    expect(result.current.designs.map((design) => design.assetId)).toEqual(ids);
  });
});
