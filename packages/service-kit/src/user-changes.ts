import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { NatsConnection } from './nats-connection.js';
import { retryDuringFailover } from './nats-failover.js';

/** How long an announcement waits out a failover before its request answers UNAVAILABLE (the change is committed). */
const ANNOUNCE_FAILOVER_WAIT_MS = 5_000;

/** Tells every gateway that something it caches per user changed for these users. */
export interface UserChangeAnnouncer {
  announce(userIds: Iterable<string>): Promise<void>;
}

/**
 * Publishes `{ userId }` on a broadcast subject once per user, then flushes to the NATS server: called
 * after the change committed and before the changing request answers, so the next read on any gateway
 * never shows the state from before it. Across a NATS failover it publishes again until a flush is
 * confirmed.
 */
export class UserChangeBroadcast implements UserChangeAnnouncer {
  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
    private readonly schema: z.ZodType<{ userId: string }>,
  ) {}

  async announce(userIds: Iterable<string>): Promise<void> {
    const messages = [...new Set(userIds)].map((userId) => JSON.stringify(this.schema.parse({ userId })));
    if (messages.length === 0) return;
    // A flush cut off by the client moving to another node ("connection disconnected") dropped what was
    // buffered with it: publish all again once reconnected (a repeated broadcast only drops a cache twice).
    await retryDuringFailover(
      async () => {
        for (const message of messages) this.nc.publish(this.subject, message);
        await this.nc.flush();
      },
      { maxWaitMs: ANNOUNCE_FAILOVER_WAIT_MS },
    );
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
