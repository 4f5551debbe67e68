import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { MeReply } from '@printloom/contracts/auth.schemas';
import { createQueryClient } from '../../lib/query-client';
import { meQueryKey } from '../../lib/current-user';
import { UpgradeDialog } from './UpgradeDialog';

afterEach(() => vi.restoreAllMocks());

const user = { id: '00000000-0000-4000-8000-000000000001', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false };
const subscribed = (planId: string) => ({
  user,
  credits: 0,
  subscription: { status: 'active', planId, currentPeriodEnd: '2026-12-22T00:00:00.000Z', scheduledPlanId: null },
});

function renderDialog(me: unknown) {
  const client = createQueryClient();
  client.setQueryData(meQueryKey, me as MeReply);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UpgradeDialog open onOpenChange={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('upgrade dialog', () => {
  it('upgrades a Starter subscriber through the upgrade endpoint (paid now)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderDialog(subscribed('starter'));
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Creator' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Failed to upgrade your plan'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/billing/plan/upgrade');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ planId: 'creator' });
  });

  it('starts a new subscription through checkout for a trial account', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderDialog({ user, credits: 0, subscription: null });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Creator' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/stripe/checkout');
  });

  it('offers a Creator subscriber the plans page, not an upgrade to their own plan', () => {
    renderDialog(subscribed('creator'));
    expect(screen.getByRole('link', { name: 'See all plans' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Creator' })).not.toBeInTheDocument();
  });
});
