import type { DatabaseOptions } from '@printloom/service-kit';

export const assetsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'assets',
  entities: [],
  migrations: [],
};
