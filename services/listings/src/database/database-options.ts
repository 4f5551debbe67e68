import { accountPurgesMigration, rateLimitsMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Listings1764000000100 } from './migrations/1764000000100-listings.js';
import { TRADEMARK_MIGRATIONS } from '../trademarks/trademark-migrations.js';

export const listingsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'listings',
  migrations: [
    ...TRADEMARK_MIGRATIONS,
    Listings1764000000100,
    accountPurgesMigration('listings', 1764000000101),
    rateLimitsMigration('listings', 1764000000102),
  ],
  // No session settings: PgBouncer in transaction mode refuses them (the risk check sets its own per transaction).
};
