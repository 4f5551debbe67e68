import type { Logger, NatsConnection } from '@printloom/service-kit';
import type { z } from 'zod';

/** What a per-user cache must do when a service announces changes. */
export interface ForgetsUsers {
  forget(userId: string): void;
  clear(): void;
}

/**
 * Subscribes `cache` to broadcasts naming a changed user: each drops that user. An unreadable message or
 * a reconnect (broadcasts may have been missed meanwhile) drops everything rather than keep replies that
 * may be stale. Returns what ends the subscriptions.
 */
export function forgetUsersOnBroadcasts(
  nc: NatsConnection,
  logger: Logger,
  cache: ForgetsUsers,
  /** Each subject with the schema of its message; messages without a `userId` (one session revoked) change no user. */
  broadcasts: ReadonlyArray<readonly [subject: string, schema: z.ZodType<object>]>,
): () => void {
  const subscriptions = broadcasts.map(([subject, schema]) =>
    nc.subscribe(subject, {
      callback: (error, msg) => {
        if (error) return cache.clear();
        try {
          const changed = schema.parse(JSON.parse(new TextDecoder().decode(msg.data)));
          if ('userId' in changed && typeof changed.userId === 'string') cache.forget(changed.userId);
        } catch (unreadable) {
          cache.clear();
          logger.warn({ err: unreadable, subject }, 'Unreadable change broadcast; cached replies cleared');
        }
      },
    }),
  );
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'reconnect') cache.clear();
  })();
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}
