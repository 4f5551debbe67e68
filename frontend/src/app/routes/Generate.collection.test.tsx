// The library's bulk actions on a whole collection (issue 31): above the bulk limit they take the batch
// id and run as server-side jobs, without loading every design's card.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, getConfig, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { MeReply } from '@printloom/contracts/auth.schemas';
import { BULK_JOB_MESSAGES } from '@printloom/contracts/bulk-jobs';
import { EXPORT_PRESETS } from '@printloom/contracts/export-presets';
import { createQueryClient } from '../../lib/query-client';
import { meQueryKey } from '../../lib/current-user';
import { TooltipProvider } from '../../components/ui/tooltip';
import { ToastProvider } from '../../components/ui/toast';
import { RecentProofProvider } from '../../components/reauth/RecentProof';
import { resetToasts } from '../../components/ui/toast-store';
import type { Batch } from '../../features/batches/api/batches';
import { testAsset } from '../../features/library/components/test-fixtures';
import Generate from './Generate';
import { user } from './test-utils';

// These screens hold a library of up to 104 cards: on a loaded 2-core machine (make test-unit runs Jest
// beside Vitest) an update after a click has taken more than the usual 3 s to show (seen: the 429 message).
// A bound for waiting, not a speed check; what each wait looks for is unchanged.
const LOADED_WAIT_MS = 10_000;
let usualWait: number;
beforeAll(() => {
  usualWait = getConfig().asyncUtilTimeout;
  configure({ asyncUtilTimeout: LOADED_WAIT_MS });
});
afterAll(() => configure({ asyncUtilTimeout: usualWait }));
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: LOADED_WAIT_MS });

const BATCH_ID = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A finished collection of `rows` rows, 4 designs each. */
function collectionOf(rows: number): Batch {
  return {
    id: BATCH_ID,
    status: 'finished',
    template: '{value} crew',
    name: '… crew (Value 1, Value 2, Value 3 +27 more)',
    source: 'template',
    counts: { total: rows, waiting: 0, working: 0, succeeded: rows, failed: 0, cancelled: 0 },
    stopReason: null,
    createdAt: '2026-11-26T00:00:00.000Z',
    finishedAt: '2026-11-26T00:05:00.000Z',
    rows: Array.from({ length: rows }, (_, row) => ({
      id: id(10_000 + row),
      position: row + 1,
      prompt: `Value ${row + 1} crew`,
      status: 'succeeded' as const,
      jobId: id(20_000 + row),
      assetIds: [0, 1, 2, 3].map((n) => id(row * 4 + n + 1)),
      error: null,
      dark: false,
      transparent: true,
    })),
  };
}

const TEE = {
  id: 'tee',
  name: 'Unisex tee',
  product: 'Tee',
  builtIn: true,
  blueprintId: 12,
  printProviderIds: [29],
  unavailable: [],
  variants: [{ options: { color: 'White', size: 'M' }, price: 2499 }],
  darkColours: [],
  placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The gateway as the screen sees it: the collection, the library's first page (24 of its designs, all starred), the bulk-job routes. */
function serve(batch: Batch, createJob: (body: Record<string, unknown>) => Response) {
  const firstPage = batch.rows
    .flatMap((row) => row.assetIds)
    .slice(0, 24)
    .map((assetId) => testAsset({ id: assetId, starred: true }));
  const accepted = new Map<string, unknown>();
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    if (path === `/api/batches/${BATCH_ID}`) return json({ batch });
    if (path === '/api/batches') return json({ batches: [] });
    if (path === '/api/assets') return json({ assets: url.includes('cursor=') ? [] : firstPage, nextCursor: 'more' });
    if (path === '/api/bulk-jobs' && init?.method === 'POST') {
      const reply = createJob(JSON.parse(String(init.body)) as Record<string, unknown>);
      if (reply.ok) {
        const { job } = (await reply.clone().json()) as { job: { id: string } };
        accepted.set(job.id, job);
      }
      return reply;
    }
    // A job as the server accepted it (its action, so the panel's name holds); another id: a download.
    if (path.startsWith('/api/bulk-jobs/')) {
      const jobId = path.split('/').pop()!;
      return json({ job: accepted.get(jobId) ?? { ...runningJob('download', batch), id: jobId } });
    }
    if (path === '/api/export-presets') return json({ presets: EXPORT_PRESETS });
    if (path === '/api/listing-kits' && init?.method === 'POST')
      return json({ kit: { ...runningJob('download', batch), status: 'queued', prepared: 0, downloadUrl: null } }, 202);
    if (path === '/api/product-templates') return json({ templates: [TEE] });
    if (path === '/api/connections/printify')
      return json({ connected: false, shops: [], shopId: null, tokenHint: null, localShop: true, allowed: true });
    if (path === '/api/publications' && init?.method === 'POST') return json({ publications: [] }, 202);
    return json({ error: 'not here' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let jobs = 0;
/** A job the server just accepted, a new id each time. */
function runningJob(action: string, batch: Batch) {
  jobs += 1;
  return {
    id: id(90_000 + jobs),
    action,
    status: 'running',
    batchId: BATCH_ID,
    designs: batch.rows.length * 4,
    processed: 3,
    preset: null,
    garment: null,
    error: null,
    createdAt: '2026-11-26T00:06:00.000Z',
    expiresAt: null,
    downloadUrl: null,
  };
}

function renderLibrary() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, { user, credits: 40, subscription: null } as unknown as MeReply);
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <ToastProvider>
          <RecentProofProvider>
            <MemoryRouter initialEntries={[`/generate?batch=${BATCH_ID}`]}>
              <Generate />
            </MemoryRouter>
          </RecentProofProvider>
        </ToastProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const postsTo = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const bulkPosts = (fetchMock: ReturnType<typeof serve>) => postsTo(fetchMock, '/api/bulk-jobs');

beforeEach(() => {
  // the virtualised gallery scrolls to keep its rows in view; jsdom has no layout to scroll
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('bulk actions on a collection above the bulk limit', () => {
  it('download the whole collection as a job named by its batch id, and show its progress', async () => {
    const batch = collectionOf(26);
    const fetchMock = serve(batch, (body) => json({ job: runningJob(String(body.action), batch) }, 202));
    renderLibrary();
    const selected = await screen.findByRole('group', { name: 'Selected images' });
    await within(selected).findByText('104 selected');
    const download = within(selected).getByRole('button', { name: 'Download' });
    expect(download).toBeEnabled();
    await userEvent.click(download);

    await eventually(() => expect(bulkPosts(fetchMock)).toEqual([{ action: 'download', batchId: BATCH_ID }]));
    expect(await screen.findByRole('progressbar', { name: 'Download of 104 designs' })).toHaveAttribute('aria-valuenow', '3');
    // Not every card was loaded for it: the library asked for no page past its first.
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/assets?') && url.includes('cursor='))).toBe(false);
  });

  it('unstar when every loaded design is starred, and delete after a confirmation with the real count', async () => {
    const batch = collectionOf(26);
    const fetchMock = serve(batch, (body) => json({ job: runningJob(String(body.action), batch) }, 202));
    renderLibrary();
    const selected = await screen.findByRole('group', { name: 'Selected images' });
    await within(selected).findByText('104 selected');
    await userEvent.click(within(selected).getByRole('button', { name: 'Star' }));
    await userEvent.click(within(selected).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 104 selected image(s)?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await eventually(() =>
      expect(bulkPosts(fetchMock)).toEqual([
        { action: 'unstar', batchId: BATCH_ID },
        { action: 'delete', batchId: BATCH_ID },
      ]),
    );
    await eventually(() => expect(screen.queryByRole('group', { name: 'Selected images' })).toBeNull());
  });

  it('deletes the whole collection after "Confirm it\'s you" when the server asks for a recent proof, without starting again', async () => {
    const batch = collectionOf(26);
    let confirmed = false;
    const fetchMock = serve(batch, (body) =>
      confirmed
        ? json({ job: runningJob(String(body.action), batch) }, 202)
        : json({ error: 'Confirm it is you first.', code: 'REAUTH_REQUIRED' }, 403),
    );
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/me') return json({ user, credits: 40, subscription: null, confirmedUntil: null });
      if (url === '/api/auth/confirm-password' && init?.method === 'POST') {
        confirmed = true;
        return json({ confirmedUntil: new Date(Date.now() + 600_000).toISOString() });
      }
      return served(url, init);
    });
    renderLibrary();
    const selected = await screen.findByRole('group', { name: 'Selected images' });
    await within(selected).findByText('104 selected');
    await userEvent.click(within(selected).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete 104 selected image(s)?' })).getByRole('button', { name: 'Delete' }),
    );
    const proof = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(within(proof).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(proof).getByRole('button', { name: 'Confirm' }));
    await eventually(() =>
      expect(bulkPosts(fetchMock)).toEqual([
        { action: 'delete', batchId: BATCH_ID },
        { action: 'delete', batchId: BATCH_ID },
      ]),
    );
    expect(await screen.findByRole('progressbar', { name: /Delete of 104 designs/ })).toBeInTheDocument();
    expect(screen.queryByText('Could not start')).toBeNull();
  });

  it('export with the preset picked, and the listing kit and the Printify drafts of the whole collection, by its batch id', async () => {
    const batch = collectionOf(26);
    const fetchMock = serve(batch, (body) => json({ job: runningJob(String(body.action), batch) }, 202));
    const clicker = userEvent.setup();
    renderLibrary();
    const selected = await screen.findByRole('group', { name: 'Selected images' });
    await within(selected).findByText('104 selected');

    await clicker.click(within(selected).getByRole('button', { name: 'Export for…' }));
    const mug = await screen.findByRole('menuitem', { name: /Mug 11 oz/ });
    // picked with the keyboard: jsdom has no layout, so a pointer leaving the sub-trigger closes the submenu
    act(() => mug.focus());
    await clicker.keyboard('{Enter}');
    await eventually(() => expect(bulkPosts(fetchMock)).toEqual([{ action: 'export', batchId: BATCH_ID, preset: 'mug-11oz' }]));

    await clicker.click(within(selected).getByRole('button', { name: 'Prepare listing…' }));
    const panel = await screen.findByTestId('listing-panel');
    expect(panel).toHaveTextContent('for 104 designs');
    await clicker.click(within(panel).getByRole('button', { name: 'Download listing kit' }));
    await eventually(() => expect(postsTo(fetchMock, '/api/listing-kits')).toEqual([{ batchId: BATCH_ID }]));
    await clicker.keyboard('{Escape}');
    await eventually(() => expect(screen.queryByTestId('listing-panel')).toBeNull());

    await clicker.click(within(selected).getByRole('button', { name: 'Create Printify drafts' }));
    const drafts = await screen.findByRole('dialog', { name: 'Create Printify drafts' });
    await clicker.click(await within(drafts).findByRole('button', { name: 'Create 104 drafts' }));
    await eventually(() =>
      expect(postsTo(fetchMock, '/api/publications')).toEqual([{ batchId: BATCH_ID, templateId: 'tee', target: 'printify' }]),
    );
  });

  it("shows the server's refusal (429: too many open jobs) and starts nothing", async () => {
    const batch = collectionOf(26);
    serve(batch, () => json({ error: BULK_JOB_MESSAGES.tooManyJobs, code: 'RATE_LIMITED' }, 429));
    renderLibrary();
    const selected = await screen.findByRole('group', { name: 'Selected images' });
    await within(selected).findByText('104 selected');
    // The button is disabled until the collection's designs are read: a click before that does nothing.
    await eventually(() => expect(within(selected).getByRole('button', { name: 'Download' })).toBeEnabled());
    await userEvent.click(within(selected).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(BULK_JOB_MESSAGES.tooManyJobs)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a collection within the bulk limit keeps the plain request (a ZIP of its ids)', async () => {
    const batch = collectionOf(5);
    const fetchMock = serve(batch, () => json({ error: 'no job expected' }, 500));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
    renderLibrary();
    const selected = await screen.findByRole('group', { name: 'Selected images' });
    await within(selected).findByText('20 selected');
    await eventually(() => expect(within(selected).getByRole('button', { name: 'Download' })).toBeEnabled());
    await userEvent.click(within(selected).getByRole('button', { name: 'Download' }));
    await eventually(() => expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/download/zip?ids='))).toBe(true));
    expect(bulkPosts(fetchMock)).toEqual([]);
  });
});
