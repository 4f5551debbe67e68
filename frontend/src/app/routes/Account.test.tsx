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

describe('setting a password', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('offers an account without a password to set one with a mailed code, then shows it signs in with a password', async () => {
    let hasPassword = false;
    const requests: Array<{ url: string; method: string; body: unknown }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ url: String(url), method: init?.method ?? 'GET', body });
      if (url === '/api/auth/password/code') return json({ message: 'We emailed you a code. Enter it with your new password.' });
      if (url === '/api/auth/password') {
        if (body.code !== '123456')
          return json({ error: 'Invalid or expired code. Please check the code or request a new one.', code: 'BAD_REQUEST' }, 400);
        hasPassword = true;
        return json({ message: 'Your password is set. You can now sign in with it.' });
      }
      if (url === '/api/auth/me') return json({ user: { ...user, hasPassword }, credits: 7, subscription: null });
      return json({}, 404);
    });
    renderPage(<Account />, { user: { ...user, hasPassword: false }, credits: 7, subscription: null });

    const cardOf = () => screen.queryByRole('heading', { name: 'Set a password' })?.parentElement ?? null;
    const card = cardOf()!;
    expect(card).toHaveTextContent('Your account has no password yet. To set one, we email a code to seller@example.com.');
    expect(screen.getByText('No password yet')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Email Me a Code' }));
    const code = await within(card).findByRole('textbox', { name: 'Code from the email' });
    expect(requests).toContainEqual({ url: '/api/auth/password/code', method: 'POST', body: undefined });

    const submit = within(card).getByRole('button', { name: 'Set Password' });
    expect(submit).toBeDisabled();
    await userEvent.type(code, '654321');
    await userEvent.type(within(card).getByLabelText('New password'), 'a brand new password');
    await userEvent.click(submit);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Invalid or expired code. Please check the code or request a new one.',
    );
    expect(cardOf()).not.toBeNull();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(submit);
    await waitFor(() => expect(cardOf()).toBeNull());
    expect(requests).toContainEqual({
      url: '/api/auth/password',
      method: 'POST',
      body: { code: '123456', newPassword: 'a brand new password' },
    });
    expect(screen.getByText('Email & Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('is not offered to an account that has a password', () => {
    renderPage(<Account />);
    expect(screen.queryByRole('heading', { name: 'Set a password' })).not.toBeInTheDocument();
  });
});

describe('links into the account page', () => {
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('scrolls to the section a link names (the Merch tab links to the seller profile)', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
    renderPage(<Account />, undefined, '/account#seller-profile');
    await waitFor(() => expect(scrolled).toEqual(['seller-profile']));
    expect(screen.getByRole('heading', { name: 'Seller Profile' })).toHaveAttribute('id', 'seller-profile');
  });
});
