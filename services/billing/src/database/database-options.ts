import type { DatabaseOptions } from '@printloom/service-kit';
import { Ledger1763800000200 } from './migrations/1763800000200-ledger.js';

export const billingDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'billing',
  entities: [],
  migrations: [Ledger1763800000200],
};
