import { startService, type RunningService } from '@printloom/service-kit';
import type { NotificationsConfig } from './config.js';
import { NotificationsModule } from './notifications.module.js';
import { notificationsDatabase } from './database/database-options.js';

export function startNotificationsService(config: NotificationsConfig): Promise<RunningService> {
  return startService({ name: 'notifications', env: config, database: notificationsDatabase, module: () => NotificationsModule.forRoot(config) });
}
