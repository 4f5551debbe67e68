import type { GarmentChoice } from '@printloom/contracts/assets.schemas';
import { apiUrl } from '../../../lib/api-client';

export type ImageSize = 'thumbnail' | 'preview';

/**
 * Thumbnails in the gallery, previews in dialogs; the original PNG only on download. With a garment,
 * the design's print file for a white or black garment (made by the server on first request).
 */
export function imageUrl(assetId: string, size?: ImageSize, garment?: GarmentChoice): string {
  return apiUrl('downloadAsset', { params: { id: assetId }, query: { variant: 'original', size, garment } });
}

export function zipUrl(assetIds: readonly string[], garment?: GarmentChoice): string {
  return apiUrl('downloadZip', { query: { ids: assetIds.join(','), garment } });
}

export { saveFile } from '../../../lib/save-file';
