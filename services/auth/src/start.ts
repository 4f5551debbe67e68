import { ensureEventsStream, startService, type RunningService } from '@printloom/service-kit';
import type { AuthConfig } from './config.js';
import { AuthModule } from './auth.module.js';
import { authDatabase } from './database/database-options.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';

const HOUR_MS = 3600_000;

export function startAuthService(config: AuthConfig): Promise<RunningService> {
  return startService({
    name: 'auth',
    env: config,
    database: authDatabase,
    module: () => AuthModule.forRoot(config),
    afterStart: async (app, infra) => {
      await ensureEventsStream(infra.nc, config.NATS_STREAM_REPLICAS);
      // Old rate-limit windows are worthless; keep the table small.
      const counters = app.get(RateLimitRepository);
      const timer = setInterval(() => void counters.deleteOlderThan(2 * 3600).catch(() => undefined), HOUR_MS);
      timer.unref();
      return async () => clearInterval(timer);
    },
  });
}
