import { startService, type RunningService } from '@printloom/service-kit';
import type { AuthConfig } from './config.js';
import { AuthModule } from './auth.module.js';
import { authDatabase } from './database/database-options.js';

export function startAuthService(config: AuthConfig): Promise<RunningService> {
  return startService({ name: 'auth', env: config, database: authDatabase, module: () => AuthModule.forRoot(config) });
}
