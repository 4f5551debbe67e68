// Shared by the library's tests (not shipped: only *.test.tsx import it).
import { vi } from 'vitest';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { AssetCardHandlers } from './AssetCard';

/** A print-size generated image, expiring in 20 days; `overrides` change what a test is about. */
export function testAsset(overrides: Partial<Asset> = {}): Asset {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    jobId: '00000000-0000-4000-8000-0000000000b1',
    job: { prompt: "'Space Meow' cat astronaut" },
    starred: false,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    width: 4500,
    height: 5400,
    variant: 'A',
    ...overrides,
  };
}

const HANDLER_NAMES = [
  'onSelect',
  'onOpen',
  'onInfo',
  'onStar',
  'onDownload',
  'onRemoveBackground',
  'onUpscale',
  'onExport',
  'onPrepareListing',
  'onDelete',
] as const satisfies ReadonlyArray<keyof AssetCardHandlers>;

/** Every card handler as a fresh `vi.fn()`. */
export function cardHandlers(): AssetCardHandlers {
  return Object.fromEntries(HANDLER_NAMES.map((name) => [name, vi.fn()])) as unknown as AssetCardHandlers;
}
