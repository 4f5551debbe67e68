// The library's changes to assets: star, delete, and the edits that make a new asset.
import type { UpscaleFactor } from '@printloom/contracts/plans';
import { callApi } from '../../../lib/api-client';

export const toggleStar = (assetId: string) => callApi('toggleStar', { params: { id: assetId } });
export const deleteAsset = (assetId: string) => callApi('deleteAsset', { params: { id: assetId } });
export const deleteAssets = (assetIds: readonly string[]) => callApi('deleteAssets', { body: { ids: [...assetIds] } });
export const removeBackground = (assetId: string) => callApi('removeBackground', { params: { id: assetId } });
export const upscaleAsset = (assetId: string, scaleFactor: UpscaleFactor) =>
  callApi('upscaleAsset', { params: { id: assetId }, body: { scaleFactor } });
