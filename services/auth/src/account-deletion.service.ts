import { Inject, Injectable } from '@nestjs/common';
import { AppError, EVENTS, RETENTION } from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, publishEvent, type Logger, type NatsConnection } from '@printloom/service-kit';
import { UserRepository } from './repositories/user.repository.js';
import { SessionRepository } from './repositories/session.repository.js';
import { SessionRevocations } from './session-revocations.js';
import { MailClient } from './mail.client.js';
import type { DeletedAccount } from './domain/accounts.js';

export const ACCOUNT_DELETED_MESSAGE = `Your account has been deleted. Your data will be removed within ${RETENTION.deletedAccountDays} days.`;

const purgeAfter = (deletedAt: Date) => new Date(deletedAt.getTime() + RETENTION.deletedAccountDays * 86400_000);

/**
 * Leaving: the account becomes unusable at once (every session ends, no sign-in), the durable
 * `auth.account.deleted` event tells every service to cancel what runs and purge what it holds after
 * the retention, and a confirmation email goes out. The event is re-sent by the sweeper if a crash
 * came between the mark and the publish.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly revocations: SessionRevocations,
    private readonly mail: MailClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async deleteAccount(userId: string): Promise<{ message: string; purgeAfter: string }> {
    const deleted = await this.users.markDeleted(userId);
    if (!deleted) throw new AppError('NOT_FOUND', 'Account not found');
    await this.sessions.deleteAllForUser(userId);
    await this.revocations.announce({ userId });
    await this.announce(deleted);
    await this.mail.send(
      { id: userId, email: deleted.email },
      'account-deleted',
      { purgeDays: String(RETENTION.deletedAccountDays) },
      `account-deleted:${userId}`,
    );
    this.logger.info({ userId }, 'Account deleted');
    return { message: ACCOUNT_DELETED_MESSAGE, purgeAfter: purgeAfter(deleted.deletedAt).toISOString() };
  }

  /** Re-sends the events a crash may have lost; returns how many went out. */
  async announcePending(): Promise<number> {
    const pending = await this.users.unannouncedDeletions(100);
    for (const user of pending) await this.announce(user);
    return pending.length;
  }

  private async announce(user: DeletedAccount): Promise<void> {
    const { deletedAt } = user;
    await publishEvent(
      this.nc,
      EVENTS.accountDeleted,
      { userId: user.id, email: user.email, deletedAt: deletedAt.toISOString(), purgeAfter: purgeAfter(deletedAt).toISOString() },
      `account-deleted:${user.id}`,
    );
    await this.users.markDeletionAnnounced(user.id);
  }
}
