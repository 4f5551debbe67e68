import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ConnectionState } from '@printloom/contracts/publishing.schemas';
import { createQueryClient } from '../../lib/query-client';
import { RecentProofProvider } from '../../components/reauth/RecentProof';
import { ConnectionsCard } from './ConnectionsCard';
import { connectionQueryOptions } from './api/publishing';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notConnected: ConnectionState = {
  connected: false,
  shops: [],
  shopId: null,
  tokenHint: null,
  localShop: false,
  allowed: true,
  checklist: [],
  oauthAvailable: true,
};
const me = (confirmedUntil: string | null) => ({
  user: { id: 'u', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false, confirmedUntil },
  credits: 1,
  subscription: null,
  confirmedUntil,
});

/** The card with the app's "Confirm it's you" dialog, at `entry` (the callback's redirect lands with `?printify=…`). */
function renderCard(navigate: (url: string) => void, entry = '/account', client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <RecentProofProvider>
        <MemoryRouter initialEntries={[entry]}>
          <ConnectionsCard navigate={navigate} />
        </MemoryRouter>
      </RecentProofProvider>
    </QueryClientProvider>,
  );
}

describe('Account → Connections with Printify OAuth', () => {
  it('offers "Connect with Printify" beside the token form, asks for a recent proof first, then leaves for the authorize route', async () => {
    let confirmed = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const call = `${init?.method ?? 'GET'} ${String(url)}`;
      if (call === 'GET /api/auth/me') return json(me(confirmed ? new Date(Date.now() + 600_000).toISOString() : null));
      if (call === 'POST /api/auth/confirm-password') {
        confirmed = true;
        return json({ confirmedUntil: new Date(Date.now() + 600_000).toISOString() });
      }
      return json(notConnected);
    });
    const navigate = vi.fn();
    renderCard(navigate);
    const button = await screen.findByRole('button', { name: 'Connect with Printify' });
    // The token form stays, with the scopes to tick.
    expect(screen.getByLabelText('Printify personal access token')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Scopes to tick:' })).toBeInTheDocument();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/connections/printify/authorize'));
  });

  it('offers no "Connect with Printify" when the server has no OAuth app', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ...notConnected, oauthAvailable: false }));
    renderCard(vi.fn());
    await screen.findByLabelText('Printify personal access token');
    expect(screen.queryByRole('button', { name: 'Connect with Printify' })).not.toBeInTheDocument();
  });

  it("shows the callback's outcome from the address", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(notConnected));
    renderCard(
      vi.fn(),
      `/account?${new URLSearchParams({ printify: 'declined', message: 'Printify access was declined: nothing was connected.' })}`,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Printify access was declined: nothing was connected.');
  });

  it('shows the shop of the grant on landing from the callback, though the app had read the connection before it', async () => {
    const connected: ConnectionState = {
      ...notConnected,
      connected: true,
      via: 'oauth',
      tokenHint: 'wxyz',
      shops: [{ id: 7, title: 'My Etsy', salesChannel: 'etsy' }],
      shopId: 7,
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(connected));
    // The connection as this app read it before leaving for Printify (kept: queries stay until invalidated).
    const client = createQueryClient();
    client.setQueryData(connectionQueryOptions().queryKey, notConnected);
    renderCard(vi.fn(), `/account?${new URLSearchParams({ printify: 'connected' })}`, client);
    expect(await screen.findByText('Drafts go to My Etsy.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Printify personal access token')).not.toBeInTheDocument();
  });

  it('asks to reconnect when Printify refused to refresh the grant', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({
        ...notConnected,
        connected: true,
        via: 'oauth',
        needsReconnect: true,
        tokenHint: 'abcd',
        shops: [{ id: 7, title: 'My Etsy', salesChannel: 'etsy' }],
        shopId: 7,
      }),
    );
    renderCard(vi.fn());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('reconnect Printify');
    expect(within(alert).getByRole('button', { name: 'Connect with Printify' })).toBeInTheDocument();
    expect(screen.getByText(/you allowed Printloom in Printify/)).toBeInTheDocument();
  });
});
