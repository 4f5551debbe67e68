import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { ProofDeclined } from '../../lib/recent-proof';
import { RecentProofProvider, useRecentProof } from './RecentProof';

afterEach(() => vi.restoreAllMocks());

const IDS = Array.from({ length: 12 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

/** A screen's action that needs a recent proof: deleting 12 designs at once. */
function DeleteMany() {
  const withProof = useRecentProof();
  const [outcome, setOutcome] = useState('');
  async function run() {
    try {
      const reply = await withProof('delete 12 images', () => callApi('deleteAssets', { body: { ids: IDS } }));
      setOutcome(`Deleted ${reply.deleted}`);
    } catch (error) {
      setOutcome(error instanceof ProofDeclined ? 'Not deleted' : 'Failed');
    }
  }
  return (
    <>
      <button onClick={() => void run()}>Delete 12</button>
      <p role="status">{outcome}</p>
    </>
  );
}

const renderWithProvider = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecentProofProvider>
        <DeleteMany />
      </RecentProofProvider>
    </QueryClientProvider>,
  );

describe('the shared "Confirm it\'s you" dialog', () => {
  it('asks for the password when the server wants a recent proof, then the action goes on by itself', async () => {
    const fetchMock = mockApi();
    renderWithProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Delete 12' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(dialog).getByText('To delete 12 images, enter your password again.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That password is not right.');
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Deleted 12'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([
      'DELETE /api/assets',
      'POST /api/auth/confirm-password',
      'POST /api/auth/confirm-password',
      'DELETE /api/assets',
    ]);
  });

  it('stops the action when the dialog is closed, sending nothing more', async () => {
    const fetchMock = mockApi();
    renderWithProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Delete 12' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Not deleted'));
    expect(calls(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual(['DELETE /api/assets']);
  });

  it('leaves other refusals to the action, asking nothing', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'Not found', code: 'NOT_FOUND' }), { status: 404 }),
    );
    renderWithProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Delete 12' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Failed'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** The server: the deletion needs a proof until a right password was given. */
function mockApi() {
  let confirmed = false;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    const confirmedUntil = confirmed ? new Date(Date.now() + 600_000).toISOString() : null;
    if (call === 'GET /api/auth/me')
      return json({
        user: { id: '00000000-0000-4000-8000-00000000000a', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false },
        credits: 10,
        subscription: null,
        confirmedUntil,
      });
    if (call === 'POST /api/auth/confirm-password') {
      if (body.password !== 'correct horse battery') return json({ error: 'That password is not right.', code: 'FORBIDDEN' }, 403);
      confirmed = true;
      return json({ confirmedUntil: new Date(Date.now() + 600_000).toISOString() });
    }
    if (call === 'DELETE /api/assets')
      return confirmed
        ? json({ deleted: body.ids.length })
        : json({ error: 'Please confirm it is you (your password or an emailed code) before this action.', code: 'REAUTH_REQUIRED' }, 403);
    return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map((call) => `${call[1]?.method ?? 'GET'} ${String(call[0])}`);
