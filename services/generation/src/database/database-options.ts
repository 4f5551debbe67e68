import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Jobs1763800000400 } from './migrations/1763800000400-jobs.js';

export const generationDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'generation',
  entities: [],
  migrations: [Jobs1763800000400, accountPurgesMigration('generation', 1763800000415)],
};
