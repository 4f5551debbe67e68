import type { DatabaseOptions } from '@printloom/service-kit';

export const notificationsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'notifications',
  entities: [],
  migrations: [],
};
