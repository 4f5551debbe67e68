import { connectNats, natsCredentialsOf, openDatabase, type NatsConnection } from '@printloom/service-kit';
import { AccountChanges } from '../account-changes.js';
import { loadBillingConfig } from '../config.js';
import { billingDatabase } from '../database/database-options.js';
import type { OperatorContext } from '../operator/commands.js';

/** Runs one operator command against the billing database and prints its outcome. */
export async function runCommand(usage: string, command: (on: OperatorContext, target: string) => Promise<string>): Promise<void> {
  const target = process.argv[2]?.trim();
  if (!target) {
    process.stderr.write(`usage: ${usage}\n`);
    process.exit(2);
  }
  const config = loadBillingConfig();
  // Same database, schema and migrations as the running service.
  const dataSource = await openDatabase({ ...billingDatabase, url: config.DATABASE_URL });
  const nc: NatsConnection | null = await connectNats(config.NATS_URL, 'billing-operator', natsCredentialsOf(config)).catch(() => null);
  if (!nc) process.stderr.write(`NATS unreachable at ${config.NATS_URL}: gateways show the change once their cached views end\n`);
  try {
    process.stdout.write(`${await command({ dataSource, changes: nc ? new AccountChanges(nc) : undefined }, target)}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await nc?.drain();
    await dataSource.destroy();
  }
}
