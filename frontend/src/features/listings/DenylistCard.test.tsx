import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { DenylistCard } from './DenylistCard';

afterEach(() => vi.restoreAllMocks());

const withClient = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const entry = (id: string, phrase: string) => ({ id, phrase, level: 'high', classes: ['025'], createdAt: '2026-11-25T20:00:00.000Z' });

describe("the seller's denylist card", () => {
  it('lists the phrases, adds one with its level and classes, and removes one', async () => {
    let entries = [entry('00000000-0000-4000-8000-000000000001', 'Okayest Runner')];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        const added = { ...entry('00000000-0000-4000-8000-000000000002', ''), ...JSON.parse(String(init.body)) };
        entries = [...entries, added];
        return json({ entry: added });
      }
      if (init?.method === 'DELETE') {
        entries = entries.filter((known) => !String(url).endsWith(known.id));
        return json({ ok: true });
      }
      return json({ entries });
    });
    withClient(<DenylistCard />);
    const list = await screen.findByRole('list', { name: 'Phrases on your denylist' });
    expect(within(list).getByText('Okayest Runner')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Phrase'), 'Space Meow');
    await userEvent.selectOptions(screen.getByLabelText('Risk level'), 'low');
    await userEvent.click(screen.getByLabelText('016 paper and prints'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Phrase' }));
    await waitFor(() => expect(screen.getByText('Space Meow')).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/account/denylist');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ phrase: 'Space Meow', level: 'low', classes: ['025', '016'] });

    await userEvent.click(screen.getByRole('button', { name: 'Remove "Okayest Runner" from your denylist' }));
    await waitFor(() => expect(screen.queryByText('Okayest Runner')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && url === '/api/account/denylist/00000000-0000-4000-8000-000000000001',
      ),
    ).toBe(true);
  });

  it("shows the server's message when adding fails", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? json({ error: 'phrase: needs a letter or a digit', code: 'BAD_REQUEST' }, 400) : json({ entries: [] }),
    );
    withClient(<DenylistCard />);
    await screen.findByText('No phrases yet.');
    await userEvent.type(screen.getByLabelText('Phrase'), '!!!');
    await userEvent.click(screen.getByRole('button', { name: 'Add Phrase' }));
    expect((await screen.findByRole('alert')).textContent).toBe('phrase: needs a letter or a digit');
  });
});
