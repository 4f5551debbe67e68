import type { GarmentChoice as Garment } from '@printloom/contracts';
import { garmentOf } from '@printloom/design-engine';
import type { StoredAsset } from './stored-asset.js';

/** The garment a design as generated was drawn for, when its job recorded it (null for older designs and edits). */
export function garmentAsGenerated(asset: Pick<StoredAsset, 'kind' | 'variant' | 'prompt' | 'drawnForDark' | 'drawnBy'>): Garment | null {
  if (asset.kind !== 'generated' || asset.drawnForDark === null) return null;
  // The engine reads the idea too: "on a black shirt" wins over the option, a sticker sits on white.
  if (asset.drawnBy === 'engine' && asset.variant) return garmentOf({ prompt: asset.prompt, dark: asset.drawnForDark }, asset.variant);
  return asset.drawnForDark ? 'dark' : 'light';
}
