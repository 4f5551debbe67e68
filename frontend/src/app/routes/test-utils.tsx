import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { MeReply } from '@printloom/contracts/auth.schemas';
import { createQueryClient } from '../../lib/query-client';
import { TooltipProvider } from '../../components/ui/tooltip';
import { RecentProofProvider } from '../../components/reauth/RecentProof';
import { meQueryKey } from '../../lib/current-user';

/** The signed-in user of the route tests. */
export const user = { id: '00000000-0000-4000-8000-000000000001', email: 'seller@example.com', hasPassword: true, hasGoogleAuth: false };

/** A route rendered with `me` already loaded (`null`: signed out), inside the providers its page needs, at `path`. */
export function renderPage(page: ReactNode, me: unknown = { user, credits: 7, subscription: null }, path = '/') {
  const client = createQueryClient();
  client.setQueryData(meQueryKey, me as MeReply);
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RecentProofProvider>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </RecentProofProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}
