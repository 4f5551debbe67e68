// The seller profile (shop name, brand) that feeds listing copy.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '@printloom/contracts/listings.schemas';
import { callApi } from '../../../lib/api-client';

export const getSellerProfile = () => callApi('getSellerProfile');

export const sellerProfileQueryOptions = () => queryOptions({ queryKey: ['listings', 'seller-profile'], queryFn: getSellerProfile });

export const useSellerProfile = () => useQuery(sellerProfileQueryOptions());

export const saveSellerProfile = (profile: SellerProfile) => callApi('putSellerProfile', { body: profile });
