import { apiUrl } from '../../lib/api-client';

/** A design's thumbnail, or its print file's for a light or dark garment (the library's download route). */
export const designImageUrl = (assetId: string, size: 'thumbnail', garment?: 'light' | 'dark') =>
  apiUrl('downloadAsset', { params: { id: assetId }, query: { variant: 'original', size, garment } });
