import { downloadFileName } from '../domain/file-names.js';
import type { StoredAsset } from '../domain/stored-asset.js';

/**
 * Each design's folder in a listing kit, in the order asked for: the design's file name without its
 * extension (`space-cat-A`, `space-cat-A-upscaled`), numbered `-2`, `-3` when two designs read alike.
 */
export function kitFolders(rows: Pick<StoredAsset, 'id' | 'prompt' | 'variant' | 'kind'>[]): Array<{ assetId: string; folder: string }> {
  const used = new Map<string, number>();
  return rows.map((row) => {
    const kind = row.kind === 'generated' ? '' : row.kind === 'upscaled' ? 'upscaled' : 'nobg';
    const base = downloadFileName(row.prompt, row.variant, kind, 'x').replace(/\.x$/, '');
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return { assetId: row.id, folder: seen > 0 ? `${base}-${seen + 1}` : base };
  });
}
