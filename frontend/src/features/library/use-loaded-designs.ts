import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { libraryQueryKey, useAssets } from './api/list-assets';

/** The unfiltered library, the query the gallery shows first. */
export const WHOLE_LIBRARY = { search: '', starredOnly: false } as const;

/**
 * The library's cards for these designs (at most the bulk limit): loads further pages of the unfiltered
 * library, newest first, until they are all there (a batch's designs are among the newest), and reloads
 * it when the list grows (a running batch made new ones).
 */
export function useLoadedDesigns(assetIds: readonly string[], enabled = true) {
  const queryClient = useQueryClient();
  const query = useAssets(WHOLE_LIBRARY);
  const wanted = useMemo(() => assetIds.slice(0, LIMITS.bulkMaxIds), [assetIds]);
  const byId = useMemo(
    () => new Map((query.data?.pages ?? []).flatMap((page) => page.assets).map((asset) => [asset.id, asset])),
    [query.data],
  );
  const designs = useMemo(() => wanted.map((id) => byId.get(id)).filter((asset): asset is Asset => asset !== undefined), [wanted, byId]);
  const missing = wanted.length - designs.length;
  const pagesLoaded = query.data?.pages.length ?? 0;
  const pageCap = Math.ceil(wanted.length / LIMITS.assetsPageSize) + 2;

  const known = useRef(assetIds.length);
  useEffect(() => {
    if (!enabled || assetIds.length <= known.current) return;
    known.current = assetIds.length;
    void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
  }, [assetIds.length, enabled, queryClient]);

  const { hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (enabled && missing > 0 && hasNextPage && !isFetching && pagesLoaded < pageCap) void fetchNextPage();
  }, [enabled, missing, hasNextPage, isFetching, pagesLoaded, pageCap, fetchNextPage]);

  return { designs, missing, loading: query.isLoading || (missing > 0 && isFetching) };
}
