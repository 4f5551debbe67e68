import { Module } from '@nestjs/common';
import { PrintFilesController } from './print-files.controller.js';

@Module({ controllers: [PrintFilesController] })
export class PublishingModule {}
