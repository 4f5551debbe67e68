import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Listings1764000000100 } from './migrations/1764000000100-listings.js';

export const listingsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'listings',
  migrations: [Listings1764000000100, accountPurgesMigration('listings', 1764000000101)],
};
