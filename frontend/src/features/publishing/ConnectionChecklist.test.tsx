import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ConnectionState } from '@printloom/contracts/publishing.schemas';
import { createQueryClient } from '../../lib/query-client';
import { ConnectionsCard } from './ConnectionsCard';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const etsyShop = (done: boolean): ConnectionState => ({
  connected: true,
  shops: [{ id: 7, title: 'My Etsy', salesChannel: 'etsy' }],
  shopId: 7,
  tokenHint: 'WXYZ',
  localShop: false,
  allowed: true,
  checklist: [{ item: 'etsy-production-partner', done }],
});

function renderCard() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ConnectionsCard />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the connections card’s checklist', () => {
  it('asks an Etsy shop for a production partner named Printify until the seller ticks it, then shows it no more', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const call = `${init?.method ?? 'GET'} ${String(url)}`;
      calls.push(call);
      if (call === 'POST /api/connections/printify/checklist/etsy-production-partner') return json(etsyShop(true));
      return json(etsyShop(false));
    });
    renderCard();
    const checklist = await screen.findByRole('region', { name: 'Before you publish' });
    const box = within(checklist).getByRole('checkbox', { name: 'A production partner named “Printify” exists in your Etsy shop' });
    expect(box).toHaveAccessibleDescription(/Production partners/);
    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Before you publish' })).not.toBeInTheDocument());
    expect(calls).toContain('POST /api/connections/printify/checklist/etsy-production-partner');
    expect(screen.getByText('Drafts go to My Etsy.')).toBeInTheDocument();
  });

  it('shows nothing once ticked, and nothing for a shop the checklist does not concern', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(etsyShop(true)));
    renderCard();
    await screen.findByText('Drafts go to My Etsy.');
    expect(screen.queryByRole('region', { name: 'Before you publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('keeps the item and says so when the tick cannot be saved', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? json({ error: 'Connect Printify first.', code: 'NOT_FOUND' }, 404) : json(etsyShop(false)),
    );
    renderCard();
    const checklist = await screen.findByRole('region', { name: 'Before you publish' });
    await userEvent.click(within(checklist).getByRole('checkbox'));
    expect(await within(checklist).findByRole('alert')).toHaveTextContent('Connect Printify first.');
    expect(within(checklist).getByRole('checkbox')).not.toBeChecked();
  });
});
