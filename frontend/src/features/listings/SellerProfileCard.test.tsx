import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { SellerProfileCard } from './SellerProfileCard';

afterEach(() => vi.restoreAllMocks());

const withClient = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('the seller profile card', () => {
  it('shows the saved profile and saves an edit with PUT', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        init?.method === 'PUT'
          ? json({ profile: JSON.parse(String(init.body)) })
          : json({ profile: { shopName: 'Meow Studio', brand: '' } }),
      );
    withClient(<SellerProfileCard />);
    const shop = await screen.findByDisplayValue('Meow Studio');
    expect(screen.getByRole('heading', { name: 'Seller Profile' })).toBeTruthy();
    await userEvent.clear(shop);
    await userEvent.type(shop, '  Purr Prints ');
    await userEvent.type(screen.getByLabelText('Brand'), 'Purrfect');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/account/seller-profile');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ shopName: 'Purr Prints', brand: 'Purrfect' });
  });

  it("shows the server's message when saving fails", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? json({ error: 'The brand is at most 50 characters', code: 'BAD_REQUEST' }, 400)
        : json({ profile: { shopName: '', brand: '' } }),
    );
    withClient(<SellerProfileCard />);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save Profile' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.type(screen.getByLabelText('Shop name'), 'Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The brand is at most 50 characters');
  });
});
