import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@printloom/contracts/limits';
import { BULK_JOB_MESSAGES } from '@printloom/contracts/bulk-jobs';
import { createQueryClient } from '../../../lib/query-client';
import { bulkJobQueryKey, type BulkJobView } from '../api/bulk-jobs';
import { libraryQueryKey } from '../api/list-assets';
import { BulkJobsPanel } from './BulkJobsPanel';

const JOB_ID = '00000000-0000-4000-8000-0000000000f1';
const job = (overrides: Partial<BulkJobView> = {}): BulkJobView => ({
  id: JOB_ID,
  action: 'download',
  status: 'running',
  batchId: '00000000-0000-4000-8000-00000000000b',
  designs: 800,
  processed: 412,
  preset: null,
  garment: null,
  error: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  expiresAt: null,
  downloadUrl: null,
  ...overrides,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's answers to GET /api/bulk-jobs/:id, one per poll (the last one repeats); the ZIP at its downloadUrl. */
function serve(answers: BulkJobView[]) {
  let polls = 0;
  const fetchMock = vi.fn(async (url: string) => {
    if (url === `/api/bulk-jobs/${JOB_ID}`) return json({ job: answers[Math.min(polls++, answers.length - 1)] });
    if (url === `/api/bulk-jobs/${JOB_ID}/download`)
      return new Response(new Blob(['PK']), { headers: { 'Content-Disposition': 'attachment; filename="printloom-collection.zip"' } });
    return json({ error: 'not here' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, polls: () => fetchMock.mock.calls.filter(([url]) => url === `/api/bulk-jobs/${JOB_ID}`).length };
}

function renderPanel(started: BulkJobView, onDismiss = vi.fn()): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(bulkJobQueryKey(JOB_ID), { job: started });
  render(
    <QueryClientProvider client={queryClient}>
      <BulkJobsPanel jobs={[{ id: JOB_ID, autoSave: true }]} onDismiss={onDismiss} />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the bulk job progress', () => {
  it('says how far the job is on a progress bar and in a polite live region', () => {
    serve([job()]);
    renderPanel(job());
    const bar = screen.getByRole('progressbar', { name: 'Download of 800 designs' });
    expect(bar).toHaveAttribute('aria-valuenow', '412');
    expect(bar).toHaveAttribute('aria-valuemax', '800');
    expect(bar).toHaveAttribute('aria-valuetext', 'Preparing 412 of 800 designs…');
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Preparing 412 of 800 designs…');
    expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull();
  });

  it('polls until the job is done, saves its ZIP from downloadUrl once, says so, and stops polling', async () => {
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const done = job({ status: 'done', processed: 800, downloadUrl: `/api/bulk-jobs/${JOB_ID}/download` });
    const server = serve([job({ processed: 600 }), done]);
    renderPanel(job());

    expect(await screen.findByText('Preparing 600 of 800 designs…')).toBeInTheDocument();
    expect(
      await screen.findByText('800 designs saved as a ZIP.', undefined, { timeout: LIMITS.jobPollIntervalMs * 2 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '800');
    const downloads = server.fetchMock.mock.calls.filter(([url]) => url === done.downloadUrl);
    expect(downloads).toHaveLength(1);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect((clicks.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('printloom-collection.zip');

    const pollsWhenDone = server.polls();
    await new Promise((resolve) => setTimeout(resolve, LIMITS.jobPollIntervalMs + 500));
    expect(server.polls()).toBe(pollsWhenDone);
    expect(screen.getByRole('button', { name: 'Dismiss: Download of 800 designs' })).toBeInTheDocument();
  }, 15_000);

  it('reloads the library once a star or delete job is done', async () => {
    serve([job({ action: 'delete', status: 'done', processed: 800 })]);
    const queryClient = renderPanel(job({ action: 'delete' }));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByText('Deleted 800 designs.')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: libraryQueryKey });
  });

  it("shows the server's reason when the job failed, and can be dismissed", async () => {
    serve([job({ status: 'failed', error: BULK_JOB_MESSAGES.designsGone })]);
    const onDismiss = vi.fn();
    renderPanel(job({ status: 'failed', error: BULK_JOB_MESSAGES.designsGone }), onDismiss);
    expect(screen.getByRole('alert')).toHaveTextContent(BULK_JOB_MESSAGES.designsGone);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Download of 800 designs' }));
    expect(onDismiss).toHaveBeenCalledWith(JOB_ID);
  });
});
