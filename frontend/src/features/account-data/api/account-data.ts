// What the library keeps for this user, the download of everything, and leaving.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ACCOUNT_DELETION_WORD } from '@printloom/contracts/limits';
import { apiUrl, callApi } from '../../../lib/api-client';

export const getStorageUsage = () => callApi('getAssetUsage');

export const storageUsageQueryOptions = () => queryOptions({ queryKey: ['account-data', 'usage'], queryFn: getStorageUsage });

export const useStorageUsage = () => useQuery(storageUsageQueryOptions());

/** The ZIP of every image plus the account, jobs and credit history (the browser downloads it). */
export const accountExportUrl = () => apiUrl('exportAccount');

/** Only the typed confirmation word (the form enables its button once it matches) may be sent. */
export const deleteAccount = (confirmation: typeof ACCOUNT_DELETION_WORD) => callApi('deleteAccount', { body: { confirmation } });
