import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi, type ApiReply } from '../../../lib/api-client';

export type AssetPage = ApiReply<'listAssets'>;
export interface AssetFilter {
  search: string;
  starredOnly: boolean;
  /** Only designs with a Printify draft, or published ones. */
  publication?: 'draft' | 'published';
}

/** Every library query starts with this key: invalidate it and every filtered list reloads. */
export const libraryQueryKey = ['library', 'assets'] as const;

export const listAssets = (filter: AssetFilter, cursor: string | null) =>
  callApi('listAssets', {
    query: {
      cursor: cursor ?? undefined,
      search: filter.search || undefined,
      starred: filter.starredOnly ? 'true' : undefined,
      publication: filter.publication,
    },
  });

/** The library, newest first, a page of 24 at a time. */
export const assetsQueryOptions = (filter: AssetFilter) =>
  infiniteQueryOptions({
    queryKey: [...libraryQueryKey, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => listAssets(filter, pageParam),
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAssets = (filter: AssetFilter) => useInfiniteQuery(assetsQueryOptions(filter));
