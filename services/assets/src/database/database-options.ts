import type { DatabaseOptions } from '@printloom/service-kit';
import { Assets1763800000300 } from './migrations/1763800000300-assets.js';
import { AssetBackgroundKept1763800000302 } from './migrations/1763800000302-asset-background-kept.js';

export const assetsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'assets',
  entities: [],
  migrations: [Assets1763800000300, AssetBackgroundKept1763800000302],
};
