import { startService, stopAll, type RunningService } from '@printloom/service-kit';
import { createStorage } from '@printloom/storage';
import { stopGraceMs, type GenerationConfig } from './config.js';
import { GenerationModule } from './generation.module.js';
import { generationDatabase } from './database/database-options.js';
import { GenerationMetrics } from './jobs/generation-metrics.js';
import { JobQueue, PRIORITY_TIERS } from './jobs/job-queue.js';
import { JOB_QUEUE } from './generation.tokens.js';
import { JobProcessor } from './jobs/job-processor.js';
import { JobWorker } from './jobs/job-worker.js';
import { JobRepository } from './repositories/job.repository.js';
import type { ImageProvider } from './providers/image-provider.js';
import { LocalProvider } from './providers/local-provider.js';
import { OpenAiProvider } from './providers/openai-provider.js';
import { OpenAiClient } from './providers/openai/openai-client.js';
import { ModelWatch } from './providers/openai/model-watch.js';
import { GenerationHousekeeping } from './lifecycle/generation-housekeeping.js';
import { BatchRepository } from './repositories/batch.repository.js';
import { BatchFeeder } from './batches/batch-feeder.js';
import { GenerationDataService } from './generation-data.service.js';

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
export async function startGenerationService(
  config: GenerationConfig,
  overrides: { provider?: ImageProvider } = {},
): Promise<RunningService> {
  const storage = createStorage(config);
  const provider = overrides.provider ?? createProvider(config);
  return startService({
    name: 'generation',
    env: config,
    database: generationDatabase,
    module: (infra) =>
      GenerationModule.forRoot(config, {
        storage,
        provider,
        queue: new JobQueue(infra.nc, config.JOB_ACK_WAIT_MS),
        metrics: new GenerationMetrics(infra.metrics.registry),
      }),
    reportedDependencies: { storage: () => storage.check() },
    afterStart: async (app, infra) => {
      const queue = app.get<JobQueue>(JOB_QUEUE);
      await queue.ensure();
      const processor = app.get(JobProcessor);
      const jobs = app.get(JobRepository);
      const batches = app.get(BatchRepository);
      const feeder = app.get(BatchFeeder);
      const feeding = infra.startSweeper({
        name: 'batch-feeder',
        intervalMs: config.BATCH_FEED_INTERVAL_MS,
        run: () => feeder.run(),
      });
      // A job of this instance ended: its slot is free, feed the next batch row now rather than at the next tick.
      let closing = false;
      const worker = new JobWorker(
        queue,
        processor,
        config.GENERATION_CONCURRENCY,
        infra.logger,
        () => {
          if (!closing) void feeding.runNow().catch(() => undefined);
        },
        config.JOB_IDLE_RECHECK_MS,
        infra.metrics.registry,
      );
      worker.start();
      // Waiting and in-flight jobs per tier, read from JetStream when Prometheus scrapes (alerts: backlog).
      infra.metrics.gauge(
        'printloom_generation_queue_depth',
        'Generation jobs per priority tier: pending (not yet delivered) and in_flight (delivered, not acknowledged)',
        ['tier', 'state'],
        async (gauge) => {
          const { pending, inFlight } = await queue.backlog();
          for (const [tier, count] of pending) gauge.set({ tier: String(tier), state: 'pending' }, count);
          for (const [tier, count] of inFlight) gauge.set({ tier: String(tier), state: 'in_flight' }, count);
        },
      );
      // Batch rows not yet jobs, per tier, read from the database: every replica reports the same backlog,
      // which the autoscaler adds to the queue depth (rows wait outside JetStream to keep the queue fair).
      infra.metrics.gauge(
        'printloom_generation_waiting_rows',
        'Batch rows waiting in the batch table for the feeder, per priority tier (not yet jobs, not in the queue)',
        ['tier'],
        async (gauge) => {
          const waiting = await batches.waitingByTier();
          for (const tier of PRIORITY_TIERS) gauge.set({ tier: String(tier) }, waiting.get(tier) ?? 0);
        },
      );
      infra.metrics.gauge(
        'printloom_generation_oldest_queued_job_age_seconds',
        'Age of the oldest job still waiting for a worker (0 when none waits)',
        [],
        async (gauge) => {
          gauge.set(await jobs.oldestQueuedAgeSeconds());
        },
      );
      const housekeeping = app.get(GenerationHousekeeping);
      const stopSweepers = stopAll([
        feeding,
        infra.startSweeper({
          name: 'job-timeout',
          intervalMs: config.JOB_SWEEP_INTERVAL_MS,
          run: () => housekeeping.failStuckJobs(),
        }),
        infra.startSweeper({
          name: 'staging',
          intervalMs: config.STAGING_SWEEP_INTERVAL_MS,
          run: () => housekeeping.sweepStaging(),
        }),
        infra.startSweeper({
          name: 'job-retention',
          intervalMs: config.JOB_PURGE_INTERVAL_MS,
          run: () => housekeeping.purgeFinishedJobs(),
        }),
      ]);
      const stopDeletions = await infra.handleAccountDeletions(app.get(GenerationDataService));
      // A model name must never rot silently: read its shutdown date at start and then daily.
      let watchTimer: NodeJS.Timeout | undefined;
      if (config.IMAGE_PROVIDER === 'openai') {
        const client = new OpenAiClient({ apiKey: config.OPENAI_API_KEY!, baseUrl: config.OPENAI_BASE_URL, timeoutMs: 30_000 });
        const watch = new ModelWatch(
          client,
          { image: config.OPENAI_IMAGE_MODEL, vision: config.OPENAI_VISION_MODEL },
          infra.logger,
          infra.metrics.registry,
        );
        await watch.check();
        watchTimer = setInterval(() => void watch.check(), config.OPENAI_MODEL_CHECK_INTERVAL_MS);
        watchTimer.unref();
      }
      // On stop the worker takes no new job at once; running jobs finish meanwhile, or are handed back.
      return async () => {
        const stopping = worker.stop(stopGraceMs(config));
        closing = true;
        clearInterval(watchTimer);
        await stopDeletions();
        await stopSweepers();
        await stopping;
      };
    },
  });
}
