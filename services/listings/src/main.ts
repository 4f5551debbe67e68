import { runMain } from '@printloom/service-kit';
import { loadListingsConfig } from './config.js';
import { startListingsService } from './start.js';

await runMain(() => startListingsService(loadListingsConfig()));
