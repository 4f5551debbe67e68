import { runMain } from '@printloom/service-kit';
import { loadGenerationConfig } from './config.js';
import { startGenerationService } from './start.js';

await runMain(() => startGenerationService(loadGenerationConfig()));
