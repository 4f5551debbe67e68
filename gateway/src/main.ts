import { runMain } from '@printloom/service-kit';
import { loadGatewayConfig } from './config.js';
import { startGateway } from './start.js';

await runMain(() => startGateway(loadGatewayConfig()));
