import { Module, type DynamicModule } from '@nestjs/common';
import type { NotificationsConfig } from './config.js';

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

@Module({})
export class NotificationsModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return { module: NotificationsModule, controllers: [], providers: [{ provide: NOTIFICATIONS_CONFIG, useValue: config }] };
  }
}
