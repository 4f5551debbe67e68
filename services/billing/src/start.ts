import { startService, type RunningService } from '@printloom/service-kit';
import type { BillingConfig } from './config.js';
import { BillingModule } from './billing.module.js';
import { billingDatabase } from './database/database-options.js';

export function startBillingService(config: BillingConfig): Promise<RunningService> {
  return startService({ name: 'billing', env: config, database: billingDatabase, module: () => BillingModule.forRoot(config) });
}
