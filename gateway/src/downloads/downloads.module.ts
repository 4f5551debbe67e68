import { Module } from '@nestjs/common';
import { DownloadsController } from './downloads.controller.js';
import { ExportPresetsController } from './export-presets.controller.js';
import { ListingKitController } from './listing-kit.controller.js';
import { BulkJobController } from './bulk-job.controller.js';

@Module({ controllers: [DownloadsController, ExportPresetsController, ListingKitController, BulkJobController] })
export class DownloadsModule {}
