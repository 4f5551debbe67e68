import type { DatabaseOptions } from '@printloom/service-kit';

export const generationDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'generation',
  entities: [],
  migrations: [],
};
