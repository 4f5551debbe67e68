import { startService, stopAll, type RunningService } from '@printloom/service-kit';
import { createStorage, type ObjectStorage } from '@printloom/storage';
import type { AssetsConfig } from './config.js';
import { AssetsModule } from './assets.module.js';
import { assetsDatabase } from './database/database-options.js';
import { AssetLifecycle } from './asset-lifecycle.service.js';
import { AssetsDataService } from './assets-data.service.js';
import { ExpiryReminders } from './expiry-reminders.service.js';
import { ImagePool } from './renders/image/image-pool.js';
import { ImageOperationRepository } from './repositories/image-operation.repository.js';
import { DESIGN_JOB_ACTIONS, DesignJobRepository } from './repositories/design-job.repository.js';
import { DESIGN_JOB_STOP_GRACE_MS, DesignJobRunner } from './design-jobs/design-job-runner.js';
import { QUALITY_STOP_GRACE_MS, QualityVerdicts } from './renders/quality/quality-verdicts.service.js';
import { EXPORT_RENDER_TIMEOUT_MS, TIME_BUDGETS } from '@printloom/contracts';

/** `overrides.storage` lets a test put a driver it can make fail between steps (kill points). */
export async function startAssetsService(config: AssetsConfig, overrides: { storage?: ObjectStorage } = {}): Promise<RunningService> {
  const storage = overrides.storage ?? createStorage(config);
  const imagePool = new ImagePool({
    threads: config.ASSET_WORKER_THREADS,
    maxQueue: config.ASSET_WORKER_QUEUE_MAX,
    background: {
      threads: config.ASSET_BACKGROUND_THREADS,
      idleThreads: config.ASSET_BACKGROUND_IDLE_THREADS,
      maxQueue: config.ASSET_BACKGROUND_QUEUE_MAX,
      niceness: config.ASSET_BACKGROUND_NICENESS,
    },
    budgets: {
      removeBackground: TIME_BUDGETS.removeBackground.service,
      upscale: TIME_BUDGETS.upscale.service,
      // Inside the gateway's wait for an export, which also covers waiting for the user's turn.
      fitExport: EXPORT_RENDER_TIMEOUT_MS / 2,
      renderMockups: TIME_BUDGETS.mockups.service / 2,
      // Background work with no one waiting: room for OCR of every text line on a busy machine.
      measureQuality: 120_000,
    },
  });
  return startService({
    name: 'assets',
    env: config,
    database: assetsDatabase,
    module: () => AssetsModule.forRoot(config, storage, imagePool),
    reportedDependencies: { storage: () => storage.check() },
    afterStart: async (app, infra) => {
      const lifecycle = app.get(AssetLifecycle);
      const operations = app.get(ImageOperationRepository);
      const runner = app.get(DesignJobRunner);
      const designJobs = app.get(DesignJobRepository);
      const tasks = infra.metrics.counter(
        'printloom_image_pool_tasks_total',
        'Tasks run in the image worker pool, by operation, outcome and lane (seller or background)',
        ['operation', 'outcome', 'lane'],
      );
      imagePool.onTask = (operation, outcome, lane) => tasks.inc({ operation, outcome, lane });
      infra.metrics.gauge('printloom_image_pool_pending', 'Tasks running or waiting in the image worker pool', [], (gauge) =>
        gauge.set(imagePool.pending),
      );
      // Listing kits and bulk jobs waiting or running, by action: a backlog that grows means the runners fall behind.
      infra.metrics.gauge(
        'printloom_design_jobs_open',
        'Design jobs (listing kits, bulk jobs) waiting or running, by action',
        ['action'],
        async (gauge) => {
          const open = new Map((await designJobs.openByAction()).map((row) => [row.action, row.open]));
          for (const action of DESIGN_JOB_ACTIONS) gauge.set({ action }, open.get(action) ?? 0);
        },
      );
      const verdicts = app.get(QualityVerdicts);
      if (config.ASSET_QUALITY_VERDICTS) verdicts.start(config.ASSET_QUALITY_INTERVAL_MS, infra.metrics.registry);
      runner.start();
      const stopSweepers = stopAll([
        infra.startSweeper({
          name: 'asset-retention',
          intervalMs: config.ASSET_SWEEP_INTERVAL_MS,
          run: async () => ({
            expired: await lifecycle.sweepExpired(),
            interrupted_deletes: await lifecycle.finishInterrupted(),
            operation_records: await operations.deleteOlderThanADay(),
            design_jobs: await designJobs.deleteExpired(),
            design_job_sellers: await designJobs.forgetIdleSellers(),
          }),
        }),
        infra.startSweeper({
          name: 'expiry-reminders',
          intervalMs: config.ASSET_REMINDER_INTERVAL_MS,
          run: () => app.get(ExpiryReminders).sendDue(),
        }),
        infra.startSweeper({
          name: 'asset-reconcile',
          intervalMs: config.ASSET_RECONCILE_INTERVAL_MS,
          run: () => lifecycle.reconcile(),
        }),
      ]);
      const stopDeletions = await infra.handleAccountDeletions(app.get(AssetsDataService));
      return async () => {
        const stoppingWorkers = Promise.all([runner.stop(DESIGN_JOB_STOP_GRACE_MS), verdicts.stop(QUALITY_STOP_GRACE_MS)]);
        await stopDeletions();
        await stopSweepers();
        await stoppingWorkers;
        await imagePool.close();
      };
    },
  });
}
