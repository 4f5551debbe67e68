import { openDatabase } from '@printloom/service-kit';
import type { DataSource } from 'typeorm';
import { loadBillingConfig } from '../config.js';
import { billingDatabase } from '../database/database-options.js';

/** Runs one operator command against the billing database and prints its outcome. */
export async function runCommand(usage: string, command: (dataSource: DataSource, target: string) => Promise<string>): Promise<void> {
  const target = process.argv[2]?.trim();
  if (!target) {
    process.stderr.write(`usage: ${usage}\n`);
    process.exit(2);
  }
  // Same database, schema and migrations as the running service.
  const dataSource = await openDatabase({ ...billingDatabase, url: loadBillingConfig().DATABASE_URL });
  try {
    process.stdout.write(`${await command(dataSource, target)}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}
