import { QueryClient } from '@tanstack/react-query';

/** Every query names its own fetcher (features/<x>/api); data stays until a mutation invalidates it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
