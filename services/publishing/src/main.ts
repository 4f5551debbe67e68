import { runMain } from '@printloom/service-kit';
import { loadPublishingConfig } from './config.js';
import { startPublishingService } from './start.js';

await runMain(() => startPublishingService(loadPublishingConfig()));
