import { LIMITS, RETENTION } from '@printloom/contracts';
import { startService, stopAll, type RunningService } from '@printloom/service-kit';
import type { AuthConfig } from './config.js';
import { AuthModule } from './auth.module.js';
import { authDatabase } from './database/database-options.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { SessionRepository } from './repositories/session.repository.js';
import { CodeRepository } from './repositories/code.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { LONGEST_RATE_LIMIT_WINDOW_SECONDS } from './domain/rate-limits.js';

export function startAuthService(config: AuthConfig): Promise<RunningService> {
  return startService({
    name: 'auth',
    env: config,
    database: authDatabase,
    module: () => AuthModule.forRoot(config),
    afterStart: async (app, infra) => {
      const counters = app.get(RateLimitRepository);
      const sessions = app.get(SessionRepository);
      const codes = app.get(CodeRepository);
      const users = app.get(UserRepository);
      const deletion = app.get(AccountDeletionService);
      return stopAll([
        infra.startSweeper({
          name: 'auth-retention',
          intervalMs: config.AUTH_SWEEP_INTERVAL_MS,
          run: async () => ({
            expired_sessions: await sessions.deleteExpired(),
            spent_codes: await codes.deleteSpent(LIMITS.codeMaxAttempts),
            rate_limit_windows: await counters.deleteOlderThan(LONGEST_RATE_LIMIT_WINDOW_SECONDS + 3600),
            purged_accounts: await users.purgeDeletedBefore(RETENTION.deletedAccountDays),
          }),
        }),
        infra.startSweeper({
          name: 'account-deletion-events',
          intervalMs: config.ACCOUNT_PURGE_INTERVAL_MS,
          run: async () => ({ announced: await deletion.announcePending() }),
        }),
      ]);
    },
  });
}
