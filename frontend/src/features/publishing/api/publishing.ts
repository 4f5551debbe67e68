// Printify connections, product templates and publications (issue 30).
import { useCallback } from 'react';
import { queryOptions, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Publication, PublicationSummaryReply } from '@printloom/contracts/publishing.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { callApi, type ApiReply } from '../../../lib/api-client';

export const connectionQueryOptions = () =>
  queryOptions({ queryKey: ['publishing', 'connection'], queryFn: () => callApi('getPrintifyConnection') });
export const useConnection = (enabled = true) => useQuery({ ...connectionQueryOptions(), enabled });

export const connectPrintify = (body: { token?: string; shopId?: number }) => callApi('connectPrintify', { body });
export const disconnectPrintify = () => callApi('disconnectPrintify');

export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: ['publishing', 'templates'], queryFn: () => callApi('listProductTemplates'), enabled, staleTime: 60_000 });

/** One draft per design: of these designs, or of every design of a collection (its batch id). */
export const createPublications = (designs: { assetIds: string[] } | { batchId: string }, templateId: string) =>
  callApi('createPublications', { body: { ...designs, templateId, target: 'printify' } });

/** Statuses still moving: the list is asked again every 2 s while one of these is shown. */
const MOVING = new Set<Publication['status']>(['queued', 'uploading', 'publish_waiting', 'publishing']);

export const publicationsQueryKey = ['publishing', 'publications'] as const;

export const usePublications = (ids: readonly string[]) =>
  useQuery({
    queryKey: publicationsQueryKey,
    queryFn: () => callApi('listPublications'),
    enabled: ids.length > 0,
    refetchInterval: (query) =>
      (query.state.data?.publications ?? []).some((publication) => ids.includes(publication.id) && MOVING.has(publication.status))
        ? 2_000
        : false,
  });

/**
 * Every publication of the seller (the library's badges, the lightbox's list, the drafts dialog's "already
 * has a draft"): asked again every 5 s while one is still moving.
 */
export const useAllPublications = (enabled = true) =>
  useQuery({
    queryKey: publicationsQueryKey,
    queryFn: () => callApi('listPublications'),
    enabled,
    refetchInterval: (query) =>
      (query.state.data?.publications ?? []).some((publication) => MOVING.has(publication.status)) ? 5_000 : false,
  });

const designPublicationsQueryKey = (assetId: string) => [...publicationsQueryKey, 'design', assetId] as const;

/**
 * One design's publications (the lightbox's list), asked for that design alone, so an old design's list is
 * whole however many publications the seller has; asked again every 5 s while one is still moving.
 */
export const useDesignPublications = (assetId: string) =>
  useQuery({
    queryKey: designPublicationsQueryKey(assetId),
    queryFn: () => callApi('listPublications', { query: { assetId } }),
    refetchInterval: (query) =>
      (query.state.data?.publications ?? []).some((publication) => MOVING.has(publication.status)) ? 5_000 : false,
  });

/** Every summary query starts with this key (under the publications' own: invalidating those reloads them too). */
export const publicationSummaryQueryKey = [...publicationsQueryKey, 'summary'] as const;

const EMPTY_SUMMARY: PublicationSummaryReply['designs'] = [];

/**
 * What these designs have (per template: draft or published, and a draft in the current shop), however
 * many publications the seller has: asked in fixed slices of ids, so a page loaded later asks only for
 * its own slice. The designs answered so far, in the order asked.
 */
export function usePublicationSummary(assetIds: readonly string[], enabled = true) {
  const slices: string[][] = [];
  for (let start = 0; start < assetIds.length; start += LIMITS.publicationSummaryDesigns)
    slices.push(assetIds.slice(start, start + LIMITS.publicationSummaryDesigns));
  return useQueries({
    queries: slices.map((ids) => ({
      queryKey: [...publicationSummaryQueryKey, ids],
      queryFn: () => callApi('publicationSummary', { query: { assetIds: ids.join(',') } }),
      enabled,
    })),
    combine: (results) => {
      const designs = results.flatMap((result) => result.data?.designs ?? []);
      return { designs: designs.length > 0 ? designs : EMPTY_SUMMARY, isLoading: results.some((result) => result.isLoading) };
    },
  });
}

/**
 * A publication as the server answered it after an action (publish, confirm): every list shows it at
 * once, and the summaries (the badges, the drafts dialog's counts) are asked again.
 */
function showPublication(queryClient: QueryClient, publication: Publication) {
  for (const queryKey of [publicationsQueryKey, designPublicationsQueryKey(publication.assetId)])
    queryClient.setQueryData<ApiReply<'listPublications'>>(
      queryKey,
      (current) =>
        current && { ...current, publications: current.publications.map((row) => (row.id === publication.id ? publication : row)) },
    );
  void queryClient.invalidateQueries({ queryKey: publicationSummaryQueryKey });
}

/** Sends a publication action and shows its answer everywhere; rejects with the server's error. */
function usePublicationAction(action: (id: string) => Promise<{ publication: Publication }>) {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string) => {
      const { publication } = await action(id);
      showPublication(queryClient, publication);
      return publication;
    },
    [queryClient, action],
  );
}

export const publishPublication = (id: string) => callApi('publishPublication', { params: { id } });

/** Publishes a draft (or one whose publishing failed): the list shows it in line at once, and is followed until it ends. */
export const usePublishPublication = () => usePublicationAction(publishPublication);

export const confirmPublication = (id: string) => callApi('confirmPublication', { params: { id } });

/**
 * Confirms a draft held for review; the list shows its new status at once (queued again, so that it is
 * followed until its draft exists). Rejects with the server's error, e.g. a draft no longer held.
 */
export const useConfirmPublication = () => usePublicationAction(confirmPublication);

export const STATUS_LABELS: Record<Publication['status'], string> = {
  queued: 'Queued',
  uploading: 'Uploading print files',
  draft_created: 'Draft created',
  failed: 'Failed',
  needs_review: 'Needs your review',
  publish_waiting: 'Waiting to publish',
  publishing: 'Publishing',
  published: 'Published',
  publish_failed: 'Publishing failed',
};
