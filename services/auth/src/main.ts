import { runMain } from '@printloom/service-kit';
import { loadAuthConfig } from './config.js';
import { startAuthService } from './start.js';

await runMain(() => startAuthService(loadAuthConfig()));
