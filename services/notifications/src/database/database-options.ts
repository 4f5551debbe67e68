import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { OutboxAndSupport1763800000100 } from './migrations/1763800000100-outbox-and-support.js';

export const notificationsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'notifications',
  entities: [],
  migrations: [OutboxAndSupport1763800000100, accountPurgesMigration('notifications', 1763800000115)],
};
