import { Module, type DynamicModule } from '@nestjs/common';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import type { GenerationConfig } from './config.js';
import { GENERATION_CONFIG, GENERATION_METRICS, IMAGE_PROVIDER, JOB_QUEUE, OBJECT_STORAGE } from './generation.tokens.js';
import { GenerationController } from './generation.controller.js';
import { GenerationService } from './generation.service.js';
import { JobRepository } from './repositories/job.repository.js';
import { JobImageRepository } from './repositories/job-image.repository.js';
import { SpendRepository } from './repositories/spend.repository.js';
import { BatchRepository } from './repositories/batch.repository.js';
import { GenerationDataService } from './generation-data.service.js';
import { BatchService } from './batches/batch.service.js';
import { BatchSettlement } from './batches/batch-settlement.js';
import { BatchFeeder } from './batches/batch-feeder.js';
import type { GenerationMetrics } from './jobs/generation-metrics.js';
import { JobProcessor } from './jobs/job-processor.js';
import { GenerationHousekeeping } from './lifecycle/generation-housekeeping.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ImageProvider } from './providers/image-provider.js';

@Module({})
export class GenerationModule {
  static forRoot(
    config: GenerationConfig,
    parts: { storage: ObjectStorage; provider: ImageProvider; queue: JobQueue; metrics: GenerationMetrics },
  ): DynamicModule {
    return {
      module: GenerationModule,
      controllers: [GenerationController],
      providers: [
        { provide: GENERATION_CONFIG, useValue: config },
        { provide: OBJECT_STORAGE, useValue: parts.storage },
        { provide: IMAGE_PROVIDER, useValue: parts.provider },
        { provide: JOB_QUEUE, useValue: parts.queue },
        { provide: GENERATION_METRICS, useValue: parts.metrics },
        GenerationService,
        JobRepository,
        JobImageRepository,
        SpendRepository,
        BatchRepository,
        BatchService,
        GenerationDataService,
        BatchSettlement,
        JobProcessor,
        {
          provide: BatchFeeder,
          inject: [BatchRepository, BatchSettlement, RpcClient, LOGGER],
          useFactory: (batches: BatchRepository, settlement: BatchSettlement, rpc: RpcClient, logger: Logger) =>
            new BatchFeeder(batches, settlement, parts.queue, rpc, logger, { perUser: config.BATCH_FEED_PER_USER }),
        },
        {
          provide: GenerationHousekeeping,
          inject: [JobRepository, BatchRepository, JobProcessor, RpcClient],
          useFactory: (jobs: JobRepository, batches: BatchRepository, processor: JobProcessor, rpc: RpcClient) =>
            new GenerationHousekeeping(jobs, batches, processor, parts.storage, rpc, {
              jobTimeoutMs: config.JOB_TIMEOUT_MS,
              stagingMaxAgeMs: config.STAGING_MAX_AGE_MS,
            }),
        },
      ],
    };
  }
}
