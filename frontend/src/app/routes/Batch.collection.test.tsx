import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { BatchQuality } from '@printloom/contracts/bulk-jobs.schemas';
import type { Batch } from '../../features/batches/api/batches';
import BatchPage from './Batch';
import { renderPage } from './test-utils';

const BATCH_ID = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const values = ['Nurse', 'Teacher', 'Plumber'];

/** A collection of 3 rows of 4 designs: `done` rows finished, the others still waiting. */
function collection(done: number): Batch {
  return {
    id: BATCH_ID,
    status: done === values.length ? 'finished' : 'running',
    template: `a proud {value}, "World's Okayest {value}"`,
    name: "World's Okayest … (Nurse, Teacher, Plumber)",
    source: 'template',
    counts: { total: 3, waiting: 3 - done, working: 0, succeeded: done, failed: 0, cancelled: 0 },
    stopReason: null,
    createdAt: '2026-11-26T00:00:00.000Z',
    finishedAt: done === values.length ? '2026-11-26T00:05:00.000Z' : null,
    rows: values.map((value, row) => ({
      id: id(10_000 + row),
      position: row + 1,
      prompt: `a proud ${value}, "World's Okayest ${value}"`,
      status: row < done ? ('succeeded' as const) : ('waiting' as const),
      jobId: row < done ? id(20_000 + row) : null,
      assetIds: row < done ? [1, 2, 3, 4].map((n) => id(row * 4 + n)) : [],
      error: null,
      dark: false,
      transparent: true,
    })),
  };
}
const quality: BatchQuality = {
  designs: 12,
  checked: 12,
  flagged: 1,
  byCheck: [{ name: 'margin', count: 1 }],
  flaggedAssetIds: [id(2)],
  flaggedDesigns: [{ assetId: id(2), failed: [{ name: 'margin', ok: false, detail: 'The art runs into the print edge' }] }],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

function stubApi(batch: Batch, renamed: string[] = []) {
  let current = batch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const path = String(url);
    if (path === `/api/batches/${BATCH_ID}` && init?.method === 'PATCH') {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      renamed.push(name);
      if (!name.trim()) return json({ error: 'Give the collection a name', code: 'BAD_REQUEST' }, 400);
      current = { ...current, name: name.trim() };
      return json({ batch: current });
    }
    if (path === `/api/batches/${BATCH_ID}`) return json({ batch: current });
    if (path === `/api/batches/${BATCH_ID}/quality`) return json(quality);
    if (path === '/api/bulk-jobs') return json({ jobs: [] });
    return json({ error: 'not here' }, 404);
  });
}

const renderBatch = () =>
  renderPage(
    <Routes>
      <Route path="/batches/:id" element={<BatchPage />} />
    </Routes>,
    undefined,
    `/batches/${BATCH_ID}`,
  );

describe('a collection page that leads on', () => {
  it('is titled by its name (never {value}), renamed in place, and refuses an empty name with the server’s message', async () => {
    const renamed: string[] = [];
    stubApi(collection(3), renamed);
    renderBatch();
    expect(await screen.findByRole('heading', { level: 1, name: "World's Okayest … (Nurse, Teacher, Plumber)" })).toBeInTheDocument();
    expect(screen.queryByText(/\{value\}/, { selector: 'h1' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const form = screen.getByRole('form', { name: 'Rename the collection' });
    const field = within(form).getByLabelText('Collection name');
    await userEvent.clear(field);
    await userEvent.type(field, ' ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Give the collection a name');
    await userEvent.clear(field);
    await userEvent.type(field, 'Okayest jobs, spring drop');
    await userEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Okayest jobs, spring drop' })).toBeInTheDocument();
    expect(renamed).toEqual([' ', 'Okayest jobs, spring drop']);
  });

  it('shows its designs as a grid with their quality badges and offers the whole-collection actions by its batch id', async () => {
    stubApi(collection(3));
    renderBatch();
    const grid = await screen.findByRole('region', { name: 'Designs of this collection' });
    const designs = within(grid).getAllByRole('listitem');
    expect(designs).toHaveLength(12);
    expect(within(designs[0]).getByRole('img')).toHaveAccessibleName(`a proud Nurse, "World's Okayest Nurse"`);
    // The badge names the failed check, as the library card does, and reads out its detail.
    await waitFor(() => expect(within(designs[1]).getByTestId('quality-badge')).toHaveTextContent('Touches the edge'));
    expect(within(designs[1]).getByTestId('quality-badge')).toHaveTextContent('The art runs into the print edge');
    expect(within(designs[0]).queryByTestId('quality-badge')).toBeNull();

    const actions = screen.getByRole('region', { name: 'Whole-collection actions' });
    expect(within(actions).getByRole('button', { name: 'Download 12 designs' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Prepare listings and kit' })).toBeEnabled();
    await userEvent.click(within(actions).getByRole('button', { name: 'Create Printify drafts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('12 designs'));
  });

  it('while it runs, its actions say what they will do when it ends, never "0 designs"', async () => {
    stubApi(collection(0));
    renderBatch();
    const actions = await screen.findByRole('region', { name: 'Whole-collection actions' });
    const download = within(actions).getByRole('button', { name: 'Download the designs' });
    expect(download).toBeDisabled();
    expect(download).toHaveAccessibleDescription(
      expect.stringContaining('When the collection ends, these act on all of its designs (12 expected, 0 made so far)'),
    );
    expect(screen.queryByText(/\b0 designs\b/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Select all/ })).toBeNull();
  });
});
