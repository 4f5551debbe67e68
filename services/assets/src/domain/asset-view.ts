import { MESSAGES, type Asset } from '@printloom/contracts';
import { garmentAsGenerated } from './garment-as-generated.js';
import type { StoredAsset } from './stored-asset.js';

export const ASSET_NOT_FOUND = MESSAGES.imageNotFound;

/** A stored asset as the contracts answer it. */
export function toAsset(asset: StoredAsset): Asset {
  return {
    id: asset.id,
    jobId: asset.jobId,
    job: { prompt: asset.prompt },
    starred: asset.starred,
    createdAt: asset.createdAt.toISOString(),
    expiresAt: asset.expiresAt.toISOString(),
    width: asset.width,
    height: asset.height,
    variant: asset.variant,
    sourceAssetId: asset.sourceAssetId,
    kind: asset.kind,
    backgroundKept: asset.backgroundKept,
    garment: garmentAsGenerated(asset),
    // Only designs as generated are judged; an edited copy carries no verdict.
    ...(asset.kind === 'generated' ? { quality: asset.quality } : {}),
  };
}
