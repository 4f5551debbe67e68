import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { BULK_JOB } from '@printloom/contracts/bulk-jobs';
import { createQueryClient } from '../../../lib/query-client';
import type { BulkJobView } from '../api/bulk-jobs';
import { BulkJobsPanel } from './BulkJobsPanel';
import { useBulkJobs } from '../hooks/use-bulk-jobs';

const MINUTE = 60_000;
/** A job settled `minutesAgo` (the server keeps it BULK_JOB.keptDays from then), or still moving. */
const job = (id: string, overrides: Partial<BulkJobView>, minutesAgo?: number): BulkJobView => ({
  id,
  action: 'download',
  status: 'done',
  batchId: null,
  designs: 800,
  processed: 800,
  preset: null,
  garment: null,
  error: null,
  createdAt: new Date(Date.now() - 3 * 60 * MINUTE).toISOString(),
  expiresAt: minutesAgo === undefined ? null : new Date(Date.now() - minutesAgo * MINUTE + BULK_JOB.keptDays * 86_400_000).toISOString(),
  downloadUrl: overrides.status === undefined || overrides.status === 'done' ? `/api/bulk-jobs/${id}/download` : null,
  ...overrides,
});
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const running = job(id(1), { action: 'delete', status: 'running', processed: 300, downloadUrl: null });
const recentZip = job(id(2), {}, 10);
const oldZip = job(id(3), { action: 'export', preset: 'tee-front' }, 90);
const dismissedFailure = job(id(4), { action: 'star', status: 'failed', error: 'This job could not be finished.', downloadUrl: null }, 5);
const listed = [running, recentZip, oldZip, dismissedFailure];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/bulk-jobs') return json({ jobs: listed });
    const found = listed.find((candidate) => url === `/api/bulk-jobs/${candidate.id}`);
    if (found) return json({ job: found });
    if (url.endsWith('/download')) return new Response(new Blob(['PK']));
    return json({ error: 'not here' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls: (url: string) => fetchMock.mock.calls.filter(([called]) => called === url).length };
}

function Library() {
  const { jobs, dismiss } = useBulkJobs();
  return <BulkJobsPanel jobs={jobs} onDismiss={dismiss} />;
}

function renderLibrary() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Library />
    </QueryClientProvider>,
  );
}

const panel = () => screen.findByRole('region', { name: 'Bulk actions' });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('printloom.bulk-jobs.dismissed', JSON.stringify([dismissedFailure.id]));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the bulk job panel on opening the screen', () => {
  it('shows the jobs still moving and those settled in the last hour, not dismissed ones nor older ones, oldest first', async () => {
    serve();
    renderLibrary();
    const bars = within(await panel()).getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Download of 800 designs' })).toHaveAttribute('aria-valuenow', '800');
    expect(screen.getByRole('progressbar', { name: 'Delete of 800 designs' })).toHaveAttribute('aria-valuenow', '300');
    expect(screen.queryByRole('progressbar', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('progressbar', { name: /Star/ })).toBeNull();
    // The server lists newest first; the panel shows oldest first, like the jobs started on the screen.
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['800', '300']);
  });

  it('offers a found ZIP without saving it; saves it on request', async () => {
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const server = serve();
    renderLibrary();
    await panel();
    expect(await screen.findByText('The ZIP of 800 designs is ready.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls(recentZip.downloadUrl!)).toBe(0);
    expect(clicks).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save the ZIP' }));
    expect(await screen.findByText('800 designs saved as a ZIP.')).toBeInTheDocument();
    expect(server.calls(recentZip.downloadUrl!)).toBe(1);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('remembers a dismissal in this browser: the job stays hidden when the screen opens again', async () => {
    serve();
    const first = renderLibrary();
    await panel();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Download of 800 designs' }));
    expect(screen.queryByRole('progressbar', { name: 'Download of 800 designs' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('printloom.bulk-jobs.dismissed')!)).toEqual([dismissedFailure.id, recentZip.id]);
    first.unmount();

    renderLibrary();
    expect(await screen.findByRole('progressbar', { name: 'Delete of 800 designs' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Download of 800 designs' })).toBeNull();
  });
});
