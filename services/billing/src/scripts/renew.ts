// Operator command: start the next billing period of a local (non-Stripe) subscription now, so that
// renewal and rollover can be seen working without waiting a month.
//   npm run renew -w services/billing -- <userId>
import { buildDataSourceOptions } from '@printloom/service-kit';
import { DataSource } from 'typeorm';
import { loadBillingConfig } from '../config.js';
import { billingDatabase } from '../database/database-options.js';
import { LedgerRepository } from '../repositories/ledger.repository.js';
import { SubscriptionRepository } from '../repositories/subscription.repository.js';
import { SubscriptionsService } from '../subscriptions.service.js';

const userId = process.argv[2];
if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) {
  process.stderr.write('usage: npm run renew -w services/billing -- <userId>\n');
  process.exit(2);
}

const dataSource = new DataSource(buildDataSourceOptions({ ...billingDatabase, url: loadBillingConfig().DATABASE_URL }));
await dataSource.initialize();
try {
  const ledger = new LedgerRepository(dataSource);
  const subscriptions = new SubscriptionsService(new SubscriptionRepository(dataSource), ledger);
  const before = await subscriptions.summary(userId);
  const outcome = await subscriptions.renew(userId);
  const after = await subscriptions.summary(userId);
  process.stdout.write(`${outcome}: credits ${before.credits} → ${after.credits}; subscription ${JSON.stringify(after.subscription)}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await dataSource.destroy();
}
