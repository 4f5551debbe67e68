import type { DatabaseOptions } from '@printloom/service-kit';

export const billingDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'billing',
  entities: [],
  migrations: [],
};
