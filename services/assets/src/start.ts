import { startService, type RunningService } from '@printloom/service-kit';
import { createStorage } from '@printloom/storage';
import type { AssetsConfig } from './config.js';
import { AssetsModule } from './assets.module.js';
import { assetsDatabase } from './database/database-options.js';
import { AssetsService } from './assets.service.js';

export async function startAssetsService(config: AssetsConfig): Promise<RunningService> {
  const storage = createStorage(config);
  await storage.ensureReady();
  return startService({
    name: 'assets',
    env: config,
    database: assetsDatabase,
    module: () => AssetsModule.forRoot(config, storage),
    healthChecks: { storage: () => storage.ensureReady() },
    afterStart: async (app, infra) => {
      const assets = app.get(AssetsService);
      const sweep = () =>
        infra.metrics
          .recordSweep('assets-retention', () => assets.sweepExpired())
          .then((deleted) => deleted > 0 && infra.logger.info({ deleted }, 'Deleted expired assets'))
          .catch((error: unknown) => infra.logger.error({ err: error }, 'Asset sweep failed'));
      const timer = setInterval(sweep, config.ASSET_SWEEP_INTERVAL_MS);
      timer.unref();
      return async () => clearInterval(timer);
    },
  });
}
