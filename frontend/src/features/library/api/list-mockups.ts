import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type ApiReply } from '../../../lib/api-client';

export type MockupItem = ApiReply<'listMockups'>['mockups'][number];

/** A design's garment previews; the server makes them on the first request (a few seconds), then keeps them. */
export const mockupsQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: ['library', 'mockups', assetId],
    queryFn: () => callApi('listMockups', { params: { id: assetId } }),
    select: (reply) => reply.mockups,
    staleTime: Infinity,
    retry: false,
  });

export const useMockups = (assetId: string) => useQuery(mockupsQueryOptions(assetId));
