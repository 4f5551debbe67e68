import { runMain } from '@printloom/service-kit';
import { loadAssetsConfig } from './config.js';
import { startAssetsService } from './start.js';

await runMain(() => startAssetsService(loadAssetsConfig()));
