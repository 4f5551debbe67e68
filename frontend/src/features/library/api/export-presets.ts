import { queryOptions } from '@tanstack/react-query';
import type { ExportPresetId } from '@printloom/contracts/export-presets';
import { apiUrl, callApi, type ApiReply } from '../../../lib/api-client';

export type ExportPreset = ApiReply<'listExportPresets'>['presets'][number];

/** The product canvases, fetched once per page load (they change only with a release). */
export const exportPresetsQueryOptions = queryOptions({
  queryKey: ['export-presets'],
  queryFn: () => callApi('listExportPresets'),
  select: (reply) => reply.presets,
  staleTime: Infinity,
});

/** The asset fitted to a preset's canvas (made by the server on first request). */
export function exportUrl(assetId: string, presetId: string): string {
  return apiUrl('downloadAsset', { params: { id: assetId }, query: { preset: presetId as ExportPresetId } });
}

/** Many assets, each fitted to the preset, as one ZIP. */
export function exportZipUrl(assetIds: readonly string[], presetId: string): string {
  return apiUrl('downloadZip', { query: { ids: assetIds.join(','), preset: presetId as ExportPresetId } });
}
