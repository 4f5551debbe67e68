import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { createQueryClient } from '../../lib/query-client';
import { batchesQueryKey, type Batch } from './api/batches';
import { RedoFlaggedButton } from './RedoFlaggedButton';

const BATCH_ID = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function row(position: number, prompt: string, assetIds: string[]): Batch['rows'][number] {
  return {
    id: id(100 + position),
    position,
    prompt,
    status: 'succeeded',
    jobId: id(200 + position),
    assetIds,
    error: null,
    dark: false,
    transparent: true,
  };
}

function batchOf(status: Batch['status'], rows: Batch['rows']): Batch {
  return {
    id: BATCH_ID,
    status,
    template: '{value} crew',
    name: '… crew (Value 1, Value 2, Value 3 +27 more)',
    source: 'template',
    counts: { total: rows.length, waiting: 0, working: 0, succeeded: rows.length, failed: 0, cancelled: 0 },
    stopReason: null,
    createdAt: '2026-11-25T20:00:00.000Z',
    finishedAt: status === 'finished' ? '2026-11-25T20:05:00.000Z' : null,
    rows,
  };
}

// Row 2 was redone already (row 3, same prompt): only row 1 and the redo itself count.
const rows = [row(1, 'Camping crew', [id(1), id(2)]), row(2, 'Fishing crew', [id(3), id(4)]), row(3, 'Fishing crew', [id(5), id(6)])];

function renderButton(batch: Batch, flagged: string[]) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RedoFlaggedButton batch={batch} flaggedIds={new Set(flagged)} />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => vi.unstubAllGlobals());

describe('"Redo the flagged ones" on the batch page', () => {
  it('is not offered while nothing the redo would take is flagged, nor while the batch runs', () => {
    renderButton(batchOf('finished', rows), [id(3)]); // flagged, but its row was redone already
    expect(screen.queryByRole('button', { name: /Redo the flagged ones/ })).toBeNull();
    renderButton(batchOf('running', rows), [id(1)]);
    expect(screen.queryByRole('button', { name: /Redo the flagged ones/ })).toBeNull();
  });

  it('counts one credit per row with a flagged design, asks first, then posts the redo and shows the running batch', async () => {
    const redone = batchOf('running', [
      ...rows,
      { ...row(4, 'Camping crew', []), status: 'waiting', jobId: null },
      { ...row(5, 'Fishing crew', []), status: 'waiting', jobId: null },
    ]);
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/redo-flagged')
        ? new Response(JSON.stringify({ batch: redone }), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ error: 'not here' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = renderButton(batchOf('finished', rows), [id(2), id(5), id(6)]);

    await userEvent.click(screen.getByRole('button', { name: 'Redo the flagged ones (2 credits)' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(BATCH_MESSAGES.redoConfirm(2));
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/redo-flagged'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Redo for 2 credits' }));

    await vi.waitFor(() => expect(queryClient.getQueryData([...batchesQueryKey, 'one', BATCH_ID])).toEqual({ batch: redone }));
    const redoCall = fetchMock.mock.calls.find(([url]) => url.endsWith('/redo-flagged')) as unknown as [string, RequestInit];
    expect(redoCall[0]).toBe(`/api/batches/${BATCH_ID}/redo-flagged`);
    expect(redoCall[1].method).toBe('POST');
  });
});
