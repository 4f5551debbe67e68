import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { NatsConnection } from './nats-connection.js';

/** Tells every gateway that something it caches per user changed for these users. */
export interface UserChangeAnnouncer {
  announce(userIds: Iterable<string>): Promise<void>;
}

/**
 * Publishes `{ userId }` on a broadcast subject once per user, then flushes to the NATS server: called
 * after the change committed and before the changing request answers, so the next read on any gateway
 * never shows the state from before it.
 */
export class UserChangeBroadcast implements UserChangeAnnouncer {
  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
    private readonly schema: z.ZodType<{ userId: string }>,
  ) {}

  async announce(userIds: Iterable<string>): Promise<void> {
    let sent = false;
    for (const userId of new Set(userIds)) {
      this.nc.publish(this.subject, JSON.stringify(this.schema.parse({ userId })));
      sent = true;
    }
    if (sent) await this.nc.flush();
  }
}

/**
 * Transactions that note which users they change (`touch`) and announce them once committed; a
 * transaction that rolls back announces nothing. `announcer` is absent where there is no NATS (the
 * operator's commands without it): gateways then see the change once their cached replies end.
 */
export class UserChangeTransactions {
  private readonly changedUsers = new WeakMap<EntityManager, Set<string>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly announcer?: UserChangeAnnouncer,
  ) {}

  async run<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const result = await this.dataSource.transaction((tx) => {
      this.changedUsers.set(tx, changed);
      return work(tx);
    });
    await this.announce(changed);
    return result;
  }

  /** This running transaction changes what `userId` sees. */
  touch(tx: EntityManager, userId: string): void {
    this.changedUsers.get(tx)?.add(userId);
  }

  /** For a change made outside `run` (one statement, already committed). */
  async announce(userIds: Iterable<string>): Promise<void> {
    const users = [...userIds];
    if (users.length > 0) await this.announcer?.announce(users);
  }
}
