import { Module, type DynamicModule } from '@nestjs/common';
import type { NotificationsConfig } from './config.js';
import type { OutboxWorker } from './outbox-worker.js';
import { NOTIFICATIONS_CONFIG, OUTBOX_WORKER } from './notifications.tokens.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';
import { OutboxRepository } from './repositories/outbox.repository.js';
import { SupportRepository } from './repositories/support.repository.js';
import { NotificationsDataService } from './notifications-data.service.js';

@Module({})
export class NotificationsModule {
  static forRoot(config: NotificationsConfig, worker: OutboxWorker): DynamicModule {
    return {
      module: NotificationsModule,
      controllers: [NotificationsController],
      providers: [
        { provide: NOTIFICATIONS_CONFIG, useValue: config },
        { provide: OUTBOX_WORKER, useValue: worker },
        NotificationsService,
        OutboxRepository,
        SupportRepository,
        NotificationsDataService,
      ],
    };
  }
}
