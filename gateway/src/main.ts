import { loadGatewayConfig } from './config.js';
import { startGateway } from './start.js';

try {
  const gateway = await startGateway(loadGatewayConfig());
  const stop = async () => {
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
