import { runMain } from '@printloom/service-kit';
import { loadNotificationsConfig } from './config.js';
import { startNotificationsService } from './start.js';

await runMain(() => startNotificationsService(loadNotificationsConfig()));
