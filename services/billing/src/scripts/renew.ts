// Operator command: start the next billing period of a local (non-Stripe) subscription now, so that
// renewal and rollover can be seen working without waiting a month. A subscription set to cancel at
// the period end ends instead (its plan credits expire, top-up credits stay).
//   npm run renew -w services/billing -- <userId|email>
import { buildDataSourceOptions } from '@printloom/service-kit';
import { DataSource } from 'typeorm';
import { loadBillingConfig } from '../config.js';
import { billingDatabase } from '../database/database-options.js';
import { renewCommand } from '../operator/renew-command.js';

const target = process.argv[2]?.trim();
if (!target) {
  process.stderr.write('usage: npm run renew -w services/billing -- <userId|email>\n');
  process.exit(2);
}

const dataSource = new DataSource(buildDataSourceOptions({ ...billingDatabase, url: loadBillingConfig().DATABASE_URL }));
await dataSource.initialize();
try {
  process.stdout.write(`${await renewCommand(dataSource, target)}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await dataSource.destroy();
}
