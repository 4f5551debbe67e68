import { handleAccountDeletions, startPeriodicSweeper, startService, stopAll, type RunningService } from '@printloom/service-kit';
import { createStorage } from '@printloom/storage';
import type { GenerationConfig } from './config.js';
import { GenerationModule } from './generation.module.js';
import { generationDatabase } from './database/database-options.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobProcessor } from './jobs/job-processor.js';
import { JobWorker } from './jobs/job-worker.js';
import { JobRepository } from './repositories/job.repository.js';
import type { ImageProvider } from './providers/image-provider.js';
import { LocalProvider } from './providers/local-provider.js';
import { OpenAiProvider } from './providers/openai-provider.js';
import { GenerationHousekeeping } from './lifecycle/generation-housekeeping.js';

export function createProvider(config: GenerationConfig): ImageProvider {
  if (config.IMAGE_PROVIDER === 'openai') {
    return new OpenAiProvider({
      apiKey: config.OPENAI_API_KEY!,
      baseUrl: config.OPENAI_BASE_URL,
      imageModel: config.OPENAI_IMAGE_MODEL,
      visionModel: config.OPENAI_VISION_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
    });
  }
  return new LocalProvider(config.LOCAL_RENDER_SCALE);
}

/** `overrides.provider` lets a test run a provider it controls (e.g. one that never answers). */
export async function startGenerationService(config: GenerationConfig, overrides: { provider?: ImageProvider } = {}): Promise<RunningService> {
  const storage = createStorage(config);
  await storage.ensureReady();
  const provider = overrides.provider ?? createProvider(config);
  let queue: JobQueue | undefined;
  return startService({
    name: 'generation',
    env: config,
    database: generationDatabase,
    module: (infra) => {
      queue = new JobQueue(infra.nc, config.JOB_ACK_WAIT_MS);
      return GenerationModule.forRoot(config, { storage, provider, queue });
    },
    healthChecks: { storage: () => storage.ensureReady() },
    afterStart: async (app, infra) => {
      await queue!.ensure();
      const processor = app.get(JobProcessor);
      const jobs = app.get(JobRepository);
      const worker = new JobWorker(queue!, processor, config.GENERATION_CONCURRENCY, infra.logger);
      worker.start();
      const housekeeping = new GenerationHousekeeping(jobs, processor, storage, infra.rpc, { jobTimeoutMs: config.JOB_TIMEOUT_MS, stagingMaxAgeMs: config.STAGING_MAX_AGE_MS });
      const common = { logger: infra.logger, registry: infra.metrics.registry };
      const stopSweepers = stopAll([
        startPeriodicSweeper({ ...common, name: 'job-timeout', intervalMs: config.JOB_SWEEP_INTERVAL_MS, run: () => housekeeping.failStuckJobs() }),
        startPeriodicSweeper({ ...common, name: 'staging', intervalMs: config.STAGING_SWEEP_INTERVAL_MS, run: () => housekeeping.sweepStaging() }),
        startPeriodicSweeper({ ...common, name: 'job-retention', intervalMs: config.JOB_PURGE_INTERVAL_MS, run: () => housekeeping.purgeFinishedJobs() }),
      ]);
      const stopDeletions = await handleAccountDeletions({
        ...common,
        schema: 'generation',
        durable: 'generation-account-deletion',
        nc: infra.nc,
        dataSource: infra.dataSource,
        intervalMs: config.ACCOUNT_PURGE_INTERVAL_MS,
        purge: async (account) => ({ jobs: await jobs.deleteForUser(account.userId) }),
      });
      return async () => {
        await stopDeletions();
        await stopSweepers();
        await worker.stop();
      };
    },
  });
}
