import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Ledger1763800000200 } from './migrations/1763800000200-ledger.js';
import { PeriodSettlement1763800000201 } from './migrations/1763800000201-period-settlement.js';
import { StripeFailurePaths1763800000202 } from './migrations/1763800000202-stripe-failure-paths.js';
import { TrialDecisions1763800000213 } from './migrations/1763800000213-trial-decisions.js';
import { PlanChanges1763800000300 } from './migrations/1763800000300-plan-changes.js';
import { PurchaseEvents1763800000310 } from './migrations/1763800000310-purchase-events.js';
import { TrialIdentities1763800000320 } from './migrations/1763800000320-trial-identities.js';
import { BatchReservations1763800000330 } from './migrations/1763800000330-batch-reservations.js';
import { AccountHolds1763800000340 } from './migrations/1763800000340-account-holds.js';

export const billingDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'billing',
  migrations: [
    Ledger1763800000200,
    PeriodSettlement1763800000201,
    StripeFailurePaths1763800000202,
    TrialDecisions1763800000213,
    accountPurgesMigration('billing', 1763800000215),
    PlanChanges1763800000300,
    PurchaseEvents1763800000310,
    TrialIdentities1763800000320,
    BatchReservations1763800000330,
    AccountHolds1763800000340,
  ],
};
