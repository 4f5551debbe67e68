import { startService, type RunningService } from '@printloom/service-kit';
import type { GenerationConfig } from './config.js';
import { GenerationModule } from './generation.module.js';
import { generationDatabase } from './database/database-options.js';

export function startGenerationService(config: GenerationConfig): Promise<RunningService> {
  return startService({ name: 'generation', env: config, database: generationDatabase, module: () => GenerationModule.forRoot(config) });
}
