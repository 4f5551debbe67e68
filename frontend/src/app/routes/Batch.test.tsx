import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { BatchQuality } from '@printloom/contracts/bulk-jobs.schemas';
import { createQueryClient } from '../../lib/query-client';
import { TooltipProvider } from '../../components/ui/tooltip';
import type { Batch } from '../../features/batches/api/batches';
import BatchPage from './Batch';

const BATCH_ID = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A finished collection of 30 rows, 4 designs each: more than the library loads for a page, more than the bulk limit. */
const batch: Batch = {
  id: BATCH_ID,
  status: 'finished',
  template: '{value} crew',
  name: '… crew (Value 1, Value 2, Value 3 +27 more)',
  source: 'template',
  counts: { total: 30, waiting: 0, working: 0, succeeded: 30, failed: 0, cancelled: 0 },
  stopReason: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  finishedAt: '2026-11-26T00:05:00.000Z',
  rows: Array.from({ length: 30 }, (_, row) => ({
    id: id(10_000 + row),
    position: row + 1,
    prompt: `Value ${row + 1} crew`,
    status: 'succeeded' as const,
    jobId: id(20_000 + row),
    assetIds: [1, 2, 3, 4].map((n) => id(row * 4 + n)),
    error: null,
    dark: false,
    transparent: true,
  })),
};

// Flagged: two designs of the first row and one of the last (design 120, beyond the first 100).
const quality: BatchQuality = {
  designs: 120,
  checked: 118,
  flagged: 3,
  byCheck: [
    { name: 'contrast', count: 2 },
    { name: 'margin', count: 1 },
  ],
  flaggedAssetIds: [id(1), id(2), id(120)],
  flaggedDesigns: [
    { assetId: id(1), failed: [{ name: 'contrast', ok: false, detail: 'Low contrast on dark garments' }] },
    {
      assetId: id(2),
      failed: [
        { name: 'contrast', ok: false, detail: 'Low contrast on dark garments' },
        { name: 'margin', ok: false, detail: 'Art touches the print edge' },
      ],
    },
    { assetId: id(120), failed: [{ name: 'margin', ok: false, detail: 'Art touches the print edge' }] },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function renderBatchPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[`/batches/${BATCH_ID}`]}>
          <Routes>
            <Route path="/batches/:id" element={<BatchPage />} />
          </Routes>
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('the batch page', () => {
  it('says a batch stopped because a payment was reversed, in place of "Cancelled", and offers no cancel', async () => {
    const stopped: Batch = {
      ...batch,
      status: 'cancelled',
      stopReason: 'payment_reversed',
      counts: { ...batch.counts, succeeded: 10, cancelled: 20 },
      rows: batch.rows.map((row) =>
        row.position > 10 ? { ...row, status: 'cancelled' as const, jobId: null, assetIds: [], error: 'Cancelled, refunded' } : row,
      ),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === `/api/batches/${BATCH_ID}`) return json({ batch: stopped });
        if (url === `/api/batches/${BATCH_ID}/quality`)
          return json({ ...quality, flagged: 0, byCheck: [], flaggedAssetIds: [], flaggedDesigns: [] });
        return json({ error: 'not here' }, 404);
      }),
    );
    renderBatchPage();
    expect(await screen.findByText(/^Stopped: a payment was reversed · 30 rows · started/)).toBeInTheDocument();
    expect(screen.queryByText(/^Cancelled ·/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it("counts every design's verdict from the server (not the first 100), per row too, and offers to redo the flagged rows", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === `/api/batches/${BATCH_ID}`) return json({ batch });
      if (url === `/api/batches/${BATCH_ID}/quality`) return json(quality);
      return json({ error: 'not here' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderBatchPage();

    const summary = await screen.findByRole('group', { name: 'Quality checks' });
    expect(summary).toHaveTextContent('3 designs flagged of 118 checked (2 still being checked)');
    expect(summary).toHaveTextContent('contrast: 2');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('(2 flagged)')).toBeInTheDocument();
    expect(within(rows[30]).getByText('(1 flagged)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redo the flagged ones (2 credits)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all 120 designs in the library' })).toBeEnabled();
    expect(screen.queryByText(/at most 100 designs/)).toBeNull();
    // The library is not loaded for the counts.
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/assets'))).toBe(false);
  });
});
