import { startService, type RunningService } from '@printloom/service-kit';
import type { AssetsConfig } from './config.js';
import { AssetsModule } from './assets.module.js';
import { assetsDatabase } from './database/database-options.js';

export function startAssetsService(config: AssetsConfig): Promise<RunningService> {
  return startService({ name: 'assets', env: config, database: assetsDatabase, module: () => AssetsModule.forRoot(config) });
}
