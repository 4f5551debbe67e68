import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CookieBanner } from './CookieBanner';
import { CONSENT_KEY } from './consent';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const renderBanner = () =>
  render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );

describe('cookie banner', () => {
  it('appears after about a second; Accept stores accepted with an ISO time and slides out over 300 ms', () => {
    renderBanner();
    expect(screen.queryByText('We use cookies')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('We use cookies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null');
    expect(stored.value).toBe('accepted');
    expect(new Date(stored.at).toISOString()).toBe(stored.at);
    const update = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .find((entry) => entry[0] === 'consent' && entry[1] === 'update');
    expect(update).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(screen.getByText('We use cookies')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByText('We use cookies')).not.toBeInTheDocument();
  });

  it('dismiss hides it without storing consent', () => {
    renderBanner();
    act(() => void vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss cookie banner' }));
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByText('We use cookies')).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('stays away once consent is stored', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ value: 'accepted', at: new Date().toISOString() }));
    renderBanner();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByText('We use cookies')).not.toBeInTheDocument();
  });
});
