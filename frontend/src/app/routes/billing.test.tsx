import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { findPlan } from '@printloom/contracts/plans';
import { createQueryClient } from '../../lib/query-client';
import { TooltipProvider } from '../../components/ui/tooltip';
import { currentPlan, rolloverText, savingsTip, signInMethod } from '../../features/billing/billing-math';
import { meQueryKey } from '../../lib/current-user';
import type { MeReply } from '@printloom/contracts/auth.schemas';
import Pricing from './Pricing';
import Account from './Account';
import Examples from './Examples';
import Privacy from './Privacy';

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

describe('pricing page', () => {
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
    renderPage(<Account />, { user: { ...user, hasPassword: false, hasGoogleAuth: true }, credits: 120, subscription: { status: 'active', planId: 'pro', currentPeriodEnd: '2026-12-22T00:00:00.000Z' } });
    expect(screen.getByRole('heading', { name: 'Pro Plan' })).toBeInTheDocument();
    expect(screen.getByText('400 credits')).toBeInTheDocument();
    expect(screen.getByText('25% of unused credits (up to 100)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    expect(screen.getByText('Google OAuth')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('tells a past_due or unpaid subscriber the payment failed, with the billing portal button', async () => {
    for (const status of ['past_due', 'unpaid']) {
      const { unmount } = renderPage(<Account />, { user, credits: 3, subscription: { status, planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' } });
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Payment failed — update your card');
      expect(within(alert).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
      unmount();
    }
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(<Account />, { user, credits: 3, subscription: { status: 'past_due', planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' } });
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Failed to open customer portal'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/stripe/portal');
  });

  it('shows no payment notice to an active subscriber', () => {
    renderPage(<Account />, { user, credits: 3, subscription: { status: 'active', planId: 'creator', currentPeriodEnd: '2026-12-22T00:00:00.000Z' } });
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

  it('states the retention periods in the privacy policy', () => {
    renderPage(<Privacy />, null);
    const text = document.body.textContent ?? '';
    expect(text).toContain('retained 90 days after you delete your account');
    expect(text).toContain('Transaction records: 7 years');
    expect(text).toContain('Usage logs: 90 days');
    expect(text).toContain('30 days; starred images: 1 year');
  });
});
