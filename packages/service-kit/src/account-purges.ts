import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { EVENTS } from '@printloom/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { consumeEvents } from './events.js';
import type { Logger } from './logger.js';
import { startPeriodicSweeper, type PeriodicSweeper, type SweepCounts } from './periodic-sweeper.js';
import type { Registry } from 'prom-client';

/**
 * The migration each service adds for `handleAccountDeletions`: the deleted accounts whose data it
 * still holds, and when it must remove it.
 */
export function accountPurgesMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const name = `AccountPurges${timestamp}`;
  const migration = class implements MigrationInterface {
    name = name;
    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(
        `CREATE TABLE ${schema}.account_purges (user_id uuid PRIMARY KEY, email text NOT NULL, purge_after timestamptz NOT NULL)`,
      );
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TABLE ${schema}.account_purges`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}

export interface DeletedAccount {
  userId: string;
  email: string;
}

export interface AccountDeletionOptions {
  /** The service's schema (holds `account_purges`) and durable consumer name. */
  schema: string;
  durable: string;
  nc: NatsConnection;
  dataSource: DataSource;
  logger: Logger;
  registry: Registry;
  intervalMs: number;
  /**
   * Right away, when the deletion is announced (e.g. cancel the subscription, stop reminder mail);
   * `deletedAt` bounds what was the account's: its address may belong to a new account afterwards.
   */
  onDeleted?: (account: DeletedAccount & { deletedAt: Date }) => Promise<void>;
  /** Once the retention has passed: remove or anonymise everything the service holds of the user. */
  purge: (account: DeletedAccount) => Promise<SweepCounts | void>;
}

/** What a service does itself when an account is deleted; `ServiceInfra.handleAccountDeletions` wires the rest. */
export type AccountDeletionHandlers = Pick<AccountDeletionOptions, 'onDeleted' | 'purge'>;

/**
 * Every service's part in deleting an account: the durable `auth.account.deleted` event is recorded
 * (its stream keeps events 14 days, the policy 90), and a sweeper purges each account once due.
 * Both steps are idempotent: a redelivered event or a purge interrupted half-way is simply redone.
 */
export async function handleAccountDeletions(options: AccountDeletionOptions): Promise<() => Promise<void>> {
  const consumer = await consumeEvents(options.nc, {
    durable: options.durable,
    subject: EVENTS.accountDeleted,
    logger: options.logger,
    handler: async (event) => {
      await options.dataSource.query(
        `INSERT INTO ${options.schema}.account_purges (user_id, email, purge_after) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
        [event.userId, event.email, event.purgeAfter],
      );
      await options.onDeleted?.({ userId: event.userId, email: event.email, deletedAt: new Date(event.deletedAt) });
    },
  });
  const sweeper: PeriodicSweeper = startPeriodicSweeper({
    name: 'account-purge',
    intervalMs: options.intervalMs,
    logger: options.logger,
    registry: options.registry,
    run: async () => {
      const due: DeletedAccount[] = await options.dataSource.query(
        `SELECT user_id AS "userId", email FROM ${options.schema}.account_purges WHERE purge_after <= now() ORDER BY purge_after LIMIT 100`,
      );
      const totals: SweepCounts = { accounts: 0 };
      for (const account of due) {
        const counts = (await options.purge(account)) ?? {};
        for (const [item, count] of Object.entries(counts)) totals[item] = (totals[item] ?? 0) + count;
        await options.dataSource.query(`DELETE FROM ${options.schema}.account_purges WHERE user_id = $1`, [account.userId]);
        totals.accounts += 1;
      }
      return totals;
    },
  });
  return async () => {
    await sweeper.stop();
    await consumer.stop();
  };
}
