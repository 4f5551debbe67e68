import { reniceProcess, runMain } from '@printloom/service-kit';
import { loadGenerationConfig } from './config.js';
import { startGenerationService } from './start.js';

await runMain(() => {
  const config = loadGenerationConfig();
  // Here, not in startGenerationService: tests start the services in one shared process.
  reniceProcess(config.GENERATION_NICENESS);
  return startGenerationService(config);
});
