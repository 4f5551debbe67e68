import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportPurchases } from '../../features/billing/use-purchase-analytics';
import { renderPage, user } from './test-utils';
import Account from './Account';

afterEach(() => vi.restoreAllMocks());

describe('purchase analytics confirmed by the server', () => {
  it('tracks each claimed purchase with the user id, and the account page claims on arrival', async () => {
    window.dataLayer = [];
    const events = [
      { event: 'subscription_started', params: { plan: 'creator', value: 9.99, currency: 'USD', credits: 150 } },
      { event: 'topup_purchase', params: { pack: 'boost-50', value: 8.99, currency: 'USD', credits: 50 } },
    ];
    let claims = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url) !== '/api/billing/purchase-events/claim') return new Response('{}', { status: 404 });
      claims += 1;
      return new Response(JSON.stringify({ events: claims === 1 ? events : [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage(<Account />, {
      user,
      credits: 200,
      subscription: { status: 'active', planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' },
    });
    await waitFor(() => expect(claims).toBeGreaterThan(0));
    await waitFor(() =>
      expect(window.dataLayer!.filter((entry) => (entry as { event?: string }).event === 'subscription_started')).toHaveLength(1),
    );
    expect(window.dataLayer).toContainEqual({
      event: 'topup_purchase',
      user_id: user.id,
      pack: 'boost-50',
      value: 8.99,
      currency: 'USD',
      credits: 50,
    });
    expect(await reportPurchases(user.id)).toBe(0); // claimed already: nothing is counted twice
    expect(window.dataLayer!.filter((entry) => (entry as { event?: string }).event === 'topup_purchase')).toHaveLength(1);
  });
});

describe('account page', () => {
  it('shows the trial card without Manage Billing', () => {
    renderPage(<Account />);
    expect(screen.getByRole('heading', { name: 'Trial Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/auth?mode=reset');
  });

  it('shows the plan, allocation and renewal for a subscriber, and hides Reset Password for Google-only users', () => {
    renderPage(<Account />, {
      user: { ...user, hasPassword: false, hasGoogleAuth: true },
      credits: 120,
      subscription: { status: 'active', planId: 'pro', currentPeriodEnd: '2026-12-22T00:00:00.000Z' },
    });
    expect(screen.getByRole('heading', { name: 'Pro Plan' })).toBeInTheDocument();
    expect(screen.getByText('400 credits')).toBeInTheDocument();
    expect(screen.getByText('25% of unused credits (up to 100)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    expect(screen.getByText('Google OAuth')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('tells a past_due or unpaid subscriber the payment failed, with the billing portal button', async () => {
    for (const status of ['past_due', 'unpaid']) {
      const { unmount } = renderPage(<Account />, {
        user,
        credits: 3,
        subscription: { status, planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' },
      });
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Payment failed — update your card');
      expect(within(alert).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
      unmount();
    }
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(<Account />, {
      user,
      credits: 3,
      subscription: { status: 'past_due', planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' },
    });
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Failed to open customer portal'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/stripe/portal');
  });

  it('shows a scheduled downgrade with its date, and takes it back through the checkout route', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(<Account />, {
      user,
      credits: 150,
      subscription: { status: 'active', planId: 'creator', currentPeriodEnd: '2026-12-22T12:00:00.000Z', scheduledPlanId: 'starter' },
    });
    expect(
      screen.getByText(
        `Changes to Starter on ${new Date('2026-12-22T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'long' })}`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('+50 credits')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep Creator' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/billing/plan/downgrade')).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/billing/plan/downgrade')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ planId: 'creator' });
  });

  it('offers Change Plan and Buy Credits to every user, and says when trial credits expire', () => {
    const { unmount } = renderPage(<Account />, {
      user,
      credits: 35,
      trialCredits: 10,
      trialCreditsExpireAt: '2026-12-01T12:00:00.000Z',
      subscription: null,
    });
    expect(screen.getByRole('link', { name: 'Change Plan' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByText('10 of 10 left')).toBeInTheDocument();
    expect(screen.getByText(/Your trial credits expire on/)).toBeInTheDocument();
    unmount();
    renderPage(<Account />, {
      user,
      credits: 10,
      trialCredits: 10,
      trialCreditsExpireAt: null,
      subscription: { status: 'active', planId: 'pro', currentPeriodEnd: '2026-12-22T00:00:00.000Z' },
    });
    expect(screen.getByRole('link', { name: 'Change Plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Credits' })).toBeInTheDocument();
    expect(screen.queryByText(/trial credits expire/)).not.toBeInTheDocument();
  });

  it('lists the credit history from one billing call', async () => {
    const entries = [
      { at: '2026-11-20T10:00:00.000Z', kind: 'spend', source: null, reason: 'generation', delta: -1 },
      { at: '2026-11-19T10:00:00.000Z', kind: 'grant', source: 'plan', reason: null, delta: 150 },
    ];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (url) =>
        new Response(String(url) === '/api/billing/credit-history' ? JSON.stringify({ entries }) : '{}', {
          status: String(url) === '/api/billing/credit-history' ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderPage(<Account />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Generation');
    expect(rows[1]).toHaveTextContent('−1');
    expect(rows[2]).toHaveTextContent('Plan credits added');
    expect(rows[2]).toHaveTextContent('+150');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/billing/credit-history')).toHaveLength(1);
  });

  it('shows no payment notice to an active subscriber', () => {
    renderPage(<Account />, {
      user,
      credits: 3,
      subscription: { status: 'active', planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
