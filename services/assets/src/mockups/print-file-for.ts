import type { AssetFiles } from '../asset-files.js';
import type { AssetRef } from '../domain/stored-asset.js';

/**
 * The print file a mockup shows, per garment. Until the light/dark files of issue 29 item 4 land
 * (their `printFileFor(asset, garment)`), both garments show the design as generated; at merge this
 * one function switches to theirs.
 */
export async function printFileFor(files: AssetFiles, asset: AssetRef, garment: 'light' | 'dark'): Promise<Buffer> {
  void garment;
  return files.readOriginal(asset.userId, asset.id);
}
