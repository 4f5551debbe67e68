import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Ledger1763800000200 } from './migrations/1763800000200-ledger.js';
import { PeriodSettlement1763800000201 } from './migrations/1763800000201-period-settlement.js';

export const billingDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'billing',
  entities: [],
  migrations: [Ledger1763800000200, PeriodSettlement1763800000201, accountPurgesMigration('billing', 1763800000215)],
};
