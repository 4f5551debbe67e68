import type { DatabaseOptions } from '@printloom/service-kit';
import { Initial1763800000000 } from './migrations/1763800000000-initial.js';
import { CodesAndRateLimits1763800000001 } from './migrations/1763800000001-codes-and-rate-limits.js';
import { PendingSignupPasswords1763800000013 } from './migrations/1763800000013-pending-signup-passwords.js';
import { AccountDeletion1763800000015 } from './migrations/1763800000015-account-deletion.js';
import { ReleaseDeletedIdentity1763800000016 } from './migrations/1763800000016-release-deleted-identity.js';
import { PendingSignupBrowser1763800000271 } from './migrations/1763800000271-pending-signup-browser.js';
import { SessionConfirmation1763800000279 } from './migrations/1763800000279-session-confirmation.js';
import { SignupAttempts1763800000370 } from './migrations/1763800000370-signup-attempts.js';

export const authDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'auth',
  migrations: [
    Initial1763800000000,
    CodesAndRateLimits1763800000001,
    PendingSignupPasswords1763800000013,
    AccountDeletion1763800000015,
    ReleaseDeletedIdentity1763800000016,
    PendingSignupBrowser1763800000271,
    SessionConfirmation1763800000279,
    SignupAttempts1763800000370,
  ],
};
