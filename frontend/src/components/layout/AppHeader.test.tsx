import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { MeReply } from '@printloom/contracts/auth.schemas';
import { createQueryClient } from '../../lib/query-client';
import { meQueryKey } from '../../lib/current-user';
import { TooltipProvider } from '../ui/tooltip';
import { AppHeader } from './AppHeader';

const user = { id: '00000000-0000-4000-8000-000000000001', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false };

/** The header with `me` already loaded. */
function renderHeader(page: ReactNode, me: MeReply) {
  const client = createQueryClient();
  client.setQueryData(meQueryKey, me);
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('AppHeader credits badge', () => {
  it('shows the credits billing answered', () => {
    renderHeader(<AppHeader />, { user, credits: 7, subscription: null, confirmedUntil: null });
    const badge = screen.getByRole('link', { name: '7 credits, account and billing' });
    expect(badge).toHaveTextContent('7 credits');
    expect(badge).not.toHaveAttribute('title');
  });

  it('shows "—" titled "Credits could not be checked just now" while the credits are stale', () => {
    renderHeader(<AppHeader />, { user, credits: 7, subscription: null, confirmedUntil: null, creditsStale: true });
    const badge = screen.getByRole('link', { name: 'Credits could not be checked just now, account and billing' });
    expect(badge).toHaveTextContent('— credits');
    expect(badge).not.toHaveTextContent('7');
    expect(badge).toHaveAttribute('title', 'Credits could not be checked just now');
  });
});
