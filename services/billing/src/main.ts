import { runMain } from '@printloom/service-kit';
import { loadBillingConfig } from './config.js';
import { startBillingService } from './start.js';

await runMain(() => startBillingService(loadBillingConfig()));
