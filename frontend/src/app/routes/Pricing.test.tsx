import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, user } from './test-utils';
import Pricing from './Pricing';

afterEach(() => vi.restoreAllMocks());

describe('pricing page', () => {
  it('upgrades a subscriber through the upgrade endpoint and opens the invoice page when the bank asks for confirmation', async () => {
    const invoicePage = 'https://invoice.stripe.com/i/acct_1/test_confirm';
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ status: 'confirm', url: invoicePage }, { status: 200 }));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderPage(<Pricing />, {
      user,
      credits: 50,
      subscription: { status: 'active', planId: 'starter', currentPeriodEnd: '2026-12-22T00:00:00.000Z', scheduledPlanId: null },
    });
    expect(screen.getByText('Current Plan')).toBeInTheDocument();
    expect(screen.getByText(/An upgrade starts now: you pay the difference/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Creator' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(invoicePage));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/billing/plan/upgrade');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ planId: 'creator' });
  });

  it('downgrades from the renewal through the downgrade endpoint, and keeps the plan over a scheduled downgrade the same way', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502, statusText: '' }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { unmount } = renderPage(<Pricing />, {
      user,
      credits: 400,
      subscription: { status: 'active', planId: 'pro', currentPeriodEnd: '2026-12-22T00:00:00.000Z', scheduledPlanId: null },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Downgrade to Starter' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: Failed to change your plan'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/billing/plan/downgrade');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ planId: 'starter' });
    expect(screen.getByRole('button', { name: 'Upgrade to Studio' })).toBeInTheDocument();
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
    expect(fetchMock.mock.calls[1][0]).toBe('/api/billing/plan/downgrade');
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
