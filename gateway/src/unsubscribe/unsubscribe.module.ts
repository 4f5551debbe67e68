import { Module } from '@nestjs/common';
import { UnsubscribeController } from './unsubscribe.controller.js';

@Module({ controllers: [UnsubscribeController] })
export class UnsubscribeModule {}
