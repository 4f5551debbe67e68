import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { formatBytes } from './format-bytes';
import { StorageUsageCard } from './StorageUsageCard';
import { LeaveAccountCard } from './LeaveAccountCard';

afterEach(() => vi.restoreAllMocks());

const withClient = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

describe('account data', () => {
  it('formats storage sizes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(12_345)).toBe('12.3 KB');
    expect(formatBytes(340_000_000)).toBe('340 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
  });

  it('shows images, space used and images expiring soon from one call', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ images: 42, bytes: 123_400_000, expiringSoon: 3 }), { status: 200 }));
    withClient(<StorageUsageCard />);
    expect(await screen.findByText('123 MB')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/assets/usage']);
  });

  it('deletes the account only after DELETE is typed, without asking again right after a sign-in', async () => {
    const fetchMock = mockApi({ me: me({ confirmedUntil: inMinutes(9) }) });
    const onDeleted = vi.fn();
    withClient(<LeaveAccountCard onDeleted={onDeleted} />);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/auth/me'));
    await userEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    const confirm = screen.getByRole('button', { name: /Delete My Account/ });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Type DELETE to confirm'));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls(fetchMock)).toEqual(['GET /api/auth/me', 'POST /api/account/delete']);
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ confirmation: 'DELETE' });
  });

  it('asks for the password before deleting when the last proof is older than the window, then deletes', async () => {
    const fetchMock = mockApi({ me: me({ confirmedUntil: inMinutes(-1) }) });
    const onDeleted = vi.fn();
    withClient(<LeaveAccountCard onDeleted={onDeleted} />);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/auth/me'));
    await userEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: /Delete My Account/ }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(calls(fetchMock)).not.toContain('POST /api/account/delete');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That password is not right.');
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/auth/confirm-password',
      'POST /api/auth/confirm-password',
      'POST /api/account/delete',
    ]);
  });

  it('asks for the password before the download, then starts it', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchMock = mockApi({ me: me({ confirmedUntil: null }) });
    withClient(<LeaveAccountCard />);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/auth/me'));
    await userEvent.click(screen.getByRole('button', { name: /Download My Data/ }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(clicked).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe('/api/account/export');
  });

  it('confirms an account with neither a password nor Google with an emailed code', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchMock = mockApi({ me: me({ confirmedUntil: null, hasPassword: false }) });
    withClient(<LeaveAccountCard />);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/auth/me'));
    await userEvent.click(screen.getByRole('button', { name: /Download My Data/ }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    await userEvent.type(await within(dialog).findByLabelText('6-digit code'), '123-456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const code = fetchMock.mock.calls.find((call) => String(call[0]) === '/api/auth/confirm-code');
    expect(JSON.parse(String(code?.[1]?.body))).toEqual({ code: '123456' });
  });
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function me({ confirmedUntil, hasPassword = true }: { confirmedUntil: string | null; hasPassword?: boolean }) {
  return {
    user: { id: '00000000-0000-4000-8000-00000000000a', email: 'seller@example.com', hasPassword, hasGoogleAuth: false },
    credits: 10,
    subscription: null,
    confirmedUntil,
  };
}

/** The server, by method and path: /me as given (confirmed once a proof was accepted), the proofs, the deletion. */
function mockApi({ me: initial }: { me: ReturnType<typeof me> }) {
  let current = initial;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (call === 'GET /api/auth/me') return json(current);
    if (call === 'POST /api/auth/confirm-password' && body.password !== 'correct horse battery')
      return json({ error: 'That password is not right.', code: 'FORBIDDEN' }, 403);
    if (call === 'POST /api/auth/confirm-password' || call === 'POST /api/auth/confirm-code') {
      current = { ...current, confirmedUntil: inMinutes(10) };
      return json({ confirmedUntil: current.confirmedUntil });
    }
    if (call === 'POST /api/auth/confirmation-code') return json({ message: 'We sent a 6-digit code to your email.' });
    if (call === 'POST /api/account/delete') return json({ message: 'deleted', purgeAfter: new Date().toISOString() });
    return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map((call) => `${call[1]?.method ?? 'GET'} ${String(call[0])}`);
