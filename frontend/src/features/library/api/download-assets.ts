import type { GarmentChoice } from '@printloom/contracts/assets.schemas';
import { apiUrl, responseError } from '../../../lib/api-client';

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

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** Fetches a file with the session cookie and saves it under the server's file name. */
export async function saveFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw await responseError(response);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
