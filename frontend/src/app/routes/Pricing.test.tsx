import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, user } from './test-utils';
import Pricing from './Pricing';

afterEach(() => vi.restoreAllMocks());

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
