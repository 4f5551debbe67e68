import { Module } from '@nestjs/common';
import { DownloadsController } from './downloads.controller.js';
import { ExportPresetsController } from './export-presets.controller.js';

@Module({ controllers: [DownloadsController, ExportPresetsController] })
export class DownloadsModule {}
