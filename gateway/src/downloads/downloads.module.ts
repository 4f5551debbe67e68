import { Module } from '@nestjs/common';
import { DownloadsController } from './downloads.controller.js';
import { ExportPresetsController } from './export-presets.controller.js';
import { ListingKitController } from './listing-kit.controller.js';

@Module({ controllers: [DownloadsController, ExportPresetsController, ListingKitController] })
export class DownloadsModule {}
