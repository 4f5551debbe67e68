import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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

  it('offers the data download and deletes the account only after DELETE is typed', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ message: 'deleted', purgeAfter: new Date().toISOString() }), { status: 200 }));
    const onDeleted = vi.fn();
    withClient(<LeaveAccountCard onDeleted={onDeleted} />);
    expect(screen.getByRole('link', { name: /Download My Data/ }).getAttribute('href')).toBe('/api/account/export');
    await userEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    const confirm = screen.getByRole('button', { name: /Delete My Account/ });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Type DELETE to confirm'));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/account/delete');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ confirmation: 'DELETE' });
  });
});
