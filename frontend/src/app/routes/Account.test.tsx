import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { findPlan } from '@printloom/contracts/plans';
import { createQueryClient } from '../../lib/query-client';
import { TooltipProvider } from '../../components/ui/tooltip';
import { currentPlan, rolloverText, savingsTip, scheduledChange, trialCreditsLeft } from '../../features/billing/billing-math';
import { signInMethod } from '../../features/auth/sign-in-method';
import { creditDelta, creditEntryLabel } from '../../features/billing/credit-entry-label';
import { TrialBanner } from '../../features/generate/TrialBanner';
import { reportPurchases } from '../../features/billing/use-purchase-analytics';
import { meQueryKey } from '../../lib/current-user';
import type { MeReply } from '@printloom/contracts/auth.schemas';
import Pricing from './Pricing';
import Account from './Account';
import Examples from './Examples';
import Privacy from './Privacy';
import Terms from './Terms';

afterEach(() => vi.restoreAllMocks());

const user = { id: '00000000-0000-4000-8000-000000000001', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false };
function renderPage(page: React.ReactNode, me: unknown = { user, credits: 7, subscription: null }) {
  const client = createQueryClient();
  client.setQueryData(meQueryKey, me as MeReply);
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('billing rules', () => {
  it('names the sign-in methods', () => {
    expect(signInMethod({ hasPassword: true, hasGoogleAuth: false })).toBe('Email & Password');
    expect(signInMethod({ hasPassword: false, hasGoogleAuth: true })).toBe('Google OAuth');
    expect(signInMethod({ hasPassword: true, hasGoogleAuth: true })).toBe('Email & Password, Google OAuth');
  });

  it('counts active, incomplete and trialing as subscribed; others are on the trial card', () => {
    expect(currentPlan({ status: 'trialing', planId: 'pro' })?.name).toBe('Pro');
    expect(currentPlan({ status: 'canceled', planId: 'pro' })).toBeUndefined();
    expect(currentPlan(null)).toBeUndefined();
  });

  it('states rollover and the plan-versus-top-up saving from the contracts', () => {
    expect(rolloverText(findPlan('studio')!)).toBe('50% of unused credits (up to 500)');
    expect(rolloverText(findPlan('starter')!)).toBe('No rollover');
    expect(savingsTip()).toBe('Starter works out at $0.10 per credit, against $0.20 for the smallest top-up.');
  });
});

describe('plan changes, trial credits and credit history', () => {
  it('counts trial credits out of 10, never top-up credits', () => {
    expect(trialCreditsLeft({ credits: 35, trialCredits: 10 })).toBe(10);
    expect(trialCreditsLeft({ credits: 30, trialCredits: 4 })).toBe(4);
    expect(trialCreditsLeft({ credits: 7 })).toBe(7);
    render(
      <MemoryRouter>
        <TrialBanner credits={35} trialCredits={10} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('note', { name: 'Trial credits' })).toHaveTextContent('Free trial: 10 of 10 credits left');
  });

  it('names a scheduled change only when one is set', () => {
    expect(scheduledChange({ scheduledPlanId: 'starter', currentPeriodEnd: '2026-12-22T00:00:00.000Z' })).toEqual({
      plan: findPlan('starter'),
      on: '2026-12-22T00:00:00.000Z',
    });
    expect(scheduledChange({ scheduledPlanId: null, currentPeriodEnd: '2026-12-22T00:00:00.000Z' })).toBeNull();
    expect(scheduledChange(null)).toBeNull();
  });

  it('puts each ledger movement in words with its sign', () => {
    expect(creditEntryLabel({ kind: 'grant', source: 'plan', reason: null })).toBe('Plan credits added');
    expect(creditEntryLabel({ kind: 'grant', source: 'topup', reason: null })).toBe('Top-up credits added');
    expect(creditEntryLabel({ kind: 'spend', source: null, reason: 'upscale' })).toBe('Upscale');
    expect(creditEntryLabel({ kind: 'refund', source: null, reason: 'generation' })).toBe('Refund: generation');
    expect(creditEntryLabel({ kind: 'expire', source: 'rollover', reason: null })).toBe('Rollover credits expired');
    expect([creditDelta(150), creditDelta(-1), creditDelta(0)]).toEqual(['+150', '−1', '0']);
  });
});

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

describe('pricing page', () => {
  it('lets a subscriber switch plan through the checkout route, and keep the plan over a scheduled downgrade', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { unmount } = renderPage(<Pricing />, {
      user,
      credits: 50,
      subscription: { status: 'active', planId: 'starter', currentPeriodEnd: '2026-12-22T00:00:00.000Z', scheduledPlanId: null },
    });
    expect(screen.getByText('Current Plan')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Creator' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/stripe/checkout');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ planId: 'creator' });
    unmount();

    renderPage(<Pricing />, {
      user,
      credits: 150,
      subscription: { status: 'active', planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z', scheduledPlanId: 'starter' },
    });
    expect(screen.getByText(/^Starts on /)).toBeInTheDocument();
    expect(screen.queryByText('Current Plan')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep Creator' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ planId: 'creator' });
  });

  it('posts the plan to checkout and alerts the default text when it fails', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(<Pricing />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Creator' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Failed to create checkout session'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/stripe/checkout');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ planId: 'creator' });
  });

  it("alerts the server's error for a failed top-up", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"error":"Payments are paused"}', { status: 503 }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(<Pricing />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy Boost 50' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Payments are paused'));
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
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/stripe/checkout')).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/stripe/checkout')!;
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

describe('public pages', () => {
  it('shows six sample prompts with variants A-D and the sign-up links', () => {
    renderPage(<Examples />, null);
    const samples = screen.getAllByRole('article');
    expect(samples).toHaveLength(6);
    for (const sample of samples) expect(within(sample).getAllByRole('img')).toHaveLength(4);
    expect(screen.getAllByRole('link', { name: /Try This Prompt/ })[0]).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
  });

  it('says in the terms when trial credits expire, only where they do', () => {
    const { unmount } = renderPage(<Terms />, {
      user,
      credits: 10,
      trialCredits: 10,
      trialCreditsExpireAt: '2026-12-01T12:00:00.000Z',
      subscription: null,
    });
    expect(document.body.textContent).toContain(
      `Trial credits expire: yours on ${new Date('2026-12-01T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'long' })}.`,
    );
    unmount();
    renderPage(<Terms />, { user, credits: 10, trialCredits: 10, trialCreditsExpireAt: null, subscription: null });
    expect(document.body.textContent).not.toContain('Trial credits expire');
  });

  it('states the retention periods in the privacy policy', () => {
    renderPage(<Privacy />, null);
    const text = document.body.textContent ?? '';
    expect(text).toContain('retained 90 days after you delete your account');
    expect(text).toContain('Transaction records: 7 years');
    expect(text).toContain('Usage logs: 90 days');
    expect(text).toContain('30 days; starred images: 1 year');
  });
});
