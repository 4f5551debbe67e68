import { Module, type DynamicModule } from '@nestjs/common';
import type { ObjectStorage } from '@printloom/storage';
import type { AssetsConfig } from './config.js';
import {
  ASSETS_CONFIG,
  BACKGROUND_REMOVER,
  EXPORT_FITTER,
  GARMENT_FILE_MAKER,
  MOCKUP_RENDERER,
  OBJECT_STORAGE,
  QUALITY_METER,
  UPSCALER,
} from './assets.tokens.js';
import { LibraryController } from './library.controller.js';
import { DownloadsController } from './downloads/downloads.controller.js';
import { RendersController } from './renders/renders.controller.js';
import { DesignJobsController } from './design-jobs/design-jobs.controller.js';
import { SelectionController } from './selection/selection.controller.js';
import { AssetsService } from './assets.service.js';
import { DesignArrivals } from './design-arrivals.js';
import { Downloads } from './downloads/downloads.service.js';
import { ExportFitting } from './renders/export-fitting.service.js';
import { PrintFiles } from './renders/print-files/print-files.service.js';
import { ImageOperationsService } from './renders/image-operations.service.js';
import { AssetFiles } from './asset-files.js';
import { AssetsDataService } from './assets-data.service.js';
import { AssetLifecycle } from './asset-lifecycle.service.js';
import { ExpiryReminders } from './expiry-reminders.service.js';
import { ReminderRepository } from './repositories/reminder.repository.js';
import { AssetRepository } from './repositories/asset.repository.js';
import { LibraryChanges } from './library-changes.js';
import { ImageOperationRepository } from './repositories/image-operation.repository.js';
import type { ImagePool } from './renders/image/image-pool.js';
import { Mockups } from './renders/mockups/mockups.service.js';
import { ListingKits } from './listing-kits/listing-kits.service.js';
import { DesignJobRepository } from './repositories/design-job.repository.js';
import { DesignSelection } from './selection/design-selection.js';
import { DesignJobRunner } from './design-jobs/design-job-runner.js';
import { BulkJobs } from './bulk-jobs/bulk-jobs.service.js';
import { BatchQuality } from './renders/quality/batch-quality.service.js';
import { QualityVerdicts } from './renders/quality/quality-verdicts.service.js';
import { CollectionRepository } from './repositories/collection.repository.js';
import { MembershipBackfill } from './selection/membership-backfill.js';
import { CollectionSelection } from './selection/collection-selection.service.js';

@Module({})
export class AssetsModule {
  static forRoot(config: AssetsConfig, storage: ObjectStorage, imagePool: ImagePool): DynamicModule {
    return {
      module: AssetsModule,
      controllers: [LibraryController, SelectionController, DownloadsController, RendersController, DesignJobsController],
      providers: [
        { provide: ASSETS_CONFIG, useValue: config },
        { provide: OBJECT_STORAGE, useValue: storage },
        { provide: BACKGROUND_REMOVER, useValue: imagePool },
        { provide: UPSCALER, useValue: imagePool },
        { provide: EXPORT_FITTER, useValue: imagePool },
        { provide: GARMENT_FILE_MAKER, useValue: imagePool },
        { provide: MOCKUP_RENDERER, useValue: imagePool },
        { provide: QUALITY_METER, useValue: imagePool },
        QualityVerdicts,
        Mockups,
        ListingKits,
        DesignJobRepository,
        CollectionRepository,
        MembershipBackfill,
        CollectionSelection,
        DesignSelection,
        DesignJobRunner,
        BulkJobs,
        BatchQuality,
        AssetsService,
        DesignArrivals,
        Downloads,
        ExportFitting,
        PrintFiles,
        ImageOperationsService,
        AssetFiles,
        AssetLifecycle,
        AssetsDataService,
        AssetRepository,
        LibraryChanges,
        ImageOperationRepository,
        ReminderRepository,
        ExpiryReminders,
      ],
    };
  }
}
