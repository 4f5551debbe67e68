// A design's listing per marketplace, and the listing kit (a ZIP) of one design or a selection.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingTarget } from '@printloom/contracts/listing-rules';
import { apiUrl, callApi, type ApiReply } from '../../../lib/api-client';

export type ListingView = ApiReply<'writeListing'>['listing'];
export type KitJobView = ApiReply<'getListingKitJob'>['kit'];
export type ListingEdit = Partial<Pick<ListingView, 'title' | 'tags' | 'description' | 'bullets' | 'brand'>>;

export const listingQueryKey = (assetId: string, target: ListingTarget) => ['listings', 'listing', assetId, target] as const;

/** The saved listing, or one the server writes now (free; a second call answers the saved one). */
export const listingQueryOptions = (assetId: string, target: ListingTarget) =>
  queryOptions({
    queryKey: listingQueryKey(assetId, target),
    queryFn: () => callApi('writeListing', { params: { id: assetId }, body: { target } }),
    select: (reply) => reply.listing,
    staleTime: Infinity,
    retry: false,
  });

export const useListing = (assetId: string, target: ListingTarget) => useQuery(listingQueryOptions(assetId, target));

export const saveListing = (assetId: string, target: ListingTarget, edit: ListingEdit) =>
  callApi('editListing', { params: { id: assetId }, body: { target, ...edit } });

/** The kit of up to LISTING_KIT.directMaxDesigns designs, streamed as one ZIP. */
export const listingKitUrl = (assetIds: readonly string[]) => apiUrl('downloadListingKit', { query: { ids: assetIds.join(',') } });

/** A kit prepared as a job: of these designs, or of every design of a collection (its batch id). */
export const createListingKitJob = (designs: { ids: readonly string[] } | { batchId: string }) =>
  callApi('createListingKitJob', { body: 'batchId' in designs ? { batchId: designs.batchId } : { ids: [...designs.ids] } });
export const getListingKitJob = (kitId: string) => callApi('getListingKitJob', { params: { id: kitId } });
