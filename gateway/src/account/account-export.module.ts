import { Module } from '@nestjs/common';
import { AccountExportController } from './account-export.controller.js';

@Module({ controllers: [AccountExportController] })
export class AccountExportModule {}
